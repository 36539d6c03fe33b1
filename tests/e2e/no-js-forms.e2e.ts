/**
 * Every form works without JavaScript (progressive enhancement, docs/decisions/012): it is a POST form with an
 * action, a post with mistakes comes back with the errors shown, and a valid post is accepted. The bot check
 * (ALTCHA) is a script; a browser without one cannot solve it, so for the valid posts the test adds the proof a
 * script would have added (solved here in the test process) to the form body on its way to the server.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoPersonalFieldsInUrls, recordRequestUrls, useBrowser } from './browser.ts';
import { confirmEmail } from './account-helpers.ts';

const { newPage, baseURL } = useBrowser();

const PASSWORD = 'Teapot-Harbour-Violet-9';
const email = `nojs-${Date.now()}@example.com`;

async function noScriptPage(): Promise<{ page: Page; urls: string[] }> {
  const page = await newPage({ javaScriptEnabled: false });
  return { page, urls: recordRequestUrls(page) };
}

async function altchaProof(): Promise<string> {
  const challenge = (await (await fetch(`${baseURL}/altcha/challenge`)).json()) as Parameters<
    typeof solveChallenge
  >[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The next form-encoded POST carries a solved bot check, as the page's script would have added. */
async function addBotCheckProofToNextPost(page: Page): Promise<void> {
  const proof = await altchaProof();
  let isUsed = false;
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (isUsed || request.method() !== 'POST') return route.fallback();
    isUsed = true;
    const body = request.postData() ?? '';
    await route.fallback({ postData: `${body}&altcha=${encodeURIComponent(proof)}` });
  });
}

/** Every form on the page that holds a password or personal field posts (never a GET with them in the URL). */
async function expectPersonalFormsToPost(page: Page): Promise<void> {
  const methods = await page.$$eval('form', (forms) =>
    forms
      .filter((form) => form.querySelector('input[type="password"], input[type="email"], input[name*="name"]'))
      .map((form) => `${form.getAttribute('method')} ${form.getAttribute('action') ?? ''}`),
  );
  expect(methods.length).toBeGreaterThan(0);
  for (const method of methods) expect(method).toMatch(/^post \/\S*/);
}

const summary = (scope: Page | Locator) => scope.locator('.error-summary');

/** The page that answered the post shows the error summary with these messages (polled: the post navigates). */
async function expectErrors(scope: Page | Locator, ...messages: string[]): Promise<void> {
  for (const message of ['There is a problem', ...messages]) {
    await expect
      .poll(async () => ((await summary(scope).count()) > 0 ? await summary(scope).textContent() : ''))
      .toContain(message);
  }
}

async function findContactableProperty(): Promise<{ url: string; html: string }> {
  for (let page = 1; page <= 10; page += 1) {
    const response = await fetch(`${baseURL}/search.ljson?channel=sales&page=${page}`);
    const { properties } = (await response.json()) as { properties: { property_url: string }[] };
    for (const listing of properties) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      if (/\/book-a-viewing"/.test(html) && /\/contact-staff-member\/\d+"/.test(html)) {
        return { url: listing.property_url, html };
      }
    }
  }
  throw new Error('no contactable property found');
}

let property: { url: string; html: string };

beforeAll(async () => {
  property = await findContactableProperty();
}, 120_000);

describe('account forms without JavaScript', () => {
  it('register, edit details, marketing preferences and change password post and show their errors', async () => {
    const { page, urls } = await noScriptPage();

    await page.goto('/user/register');
    await expectPersonalFormsToPost(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectErrors(page, 'Enter your first name', 'You must agree to our terms & conditions');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/register');

    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Script-Free');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('Something-else-entirely-1');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectErrors(page, 'The passwords do not match');
    // The answers come back, the passwords never do.
    expect(await page.getByLabel('First name').inputValue()).toBe('Nora');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await addBotCheckProofToNextPost(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    // Registering does not sign in (a known and a new address get the same answer): the sign-in page says to follow
    // the emailed link first; the account is used once its address is confirmed.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/sign-in');
    await expect.poll(() => page.getByText('follow the link in it to confirm your email address').count()).toBe(1);
    await confirmEmail(page, email);
    await page.goto('/user/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await addBotCheckProofToNextPost(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');

    // Signed in: the edit page opens (it sends visitors back to /user).
    await page.goto('/user/edit');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/edit');
    await expectPersonalFormsToPost(page);
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expectErrors(page, 'Enter your first name');
    await page.getByLabel('First name').fill('Nora');
    await page.getByRole('textbox', { name: 'Town', exact: true }).fill('Frome');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    await page.goto('/user/edit');
    expect(await page.getByRole('textbox', { name: 'Town', exact: true }).inputValue()).toBe('Frome');

    await page.goto('/user/marketing-preferences');
    await page.getByLabel('Yes, send me emails').check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.getByText('Your preferences have been successfully updated').count()).toBe(1);
    expect(await page.getByLabel('Yes, send me emails').isChecked()).toBe(true);

    await page.goto('/user/forgotten_password');
    await expectPersonalFormsToPost(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectErrors(page, 'Enter your current password');

    expectNoPersonalFieldsInUrls(urls);
  });

  it('sign in and forgotten password post and show their errors; a valid sign-in signs in', async () => {
    const { page, urls } = await noScriptPage();
    await page.goto('/user/sign-in');
    await expectPersonalFormsToPost(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectErrors(page, 'Enter a valid email address');
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-entirely-1');
    await addBotCheckProofToNextPost(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectErrors(page, 'Sign in failed, please try again');
    expect(await page.getByLabel('Email address').inputValue()).toBe(email);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await addBotCheckProofToNextPost(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    await page.goto('/user/edit');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/edit');
    expect(await page.getByLabel('First name').inputValue()).toBe('Nora');

    const { page: visitor, urls: visitorUrls } = await noScriptPage();
    await visitor.goto('/user/forgotten_password');
    await expectPersonalFormsToPost(visitor);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expectErrors(visitor, 'Enter a valid email address');
    await visitor.getByLabel('Email address').fill(email);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => visitor.getByText('If the email you have entered has a user account').count()).toBe(1);

    expectNoPersonalFieldsInUrls([...urls, ...visitorUrls]);
  });
});

describe('valuation without JavaScript', () => {
  it('posts step 1 (errors, then check and send) and sends the request', async () => {
    const { page, urls } = await noScriptPage();
    const response = await page.goto('/book-a-valuation');
    expect(response?.status()).toBe(200);
    const dialog = page.locator('dialog.modal');
    await expectPersonalFormsToPost(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/book-a-valuation');
    await expectErrors(dialog);

    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill('Script-Free');
    await dialog.getByLabel('Email').fill('nora.nojs@example.com');
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.getByLabel('House number').fill('12');
    await dialog.getByLabel('Street').fill('Milsom Street');
    await dialog.getByLabel('Town').fill('Bath');
    await dialog.getByLabel('Postcode').fill('BA1 1DN');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.locator('.valuation-summary').count()).toBe(1);
    expect(await dialog.locator('.valuation-summary').textContent()).toContain('Milsom Street');

    await dialog.getByRole('button', { name: 'Request valuation' }).click();
    await expectErrors(dialog, 'terms');
    await dialog.getByLabel(/I agree to the/).check();
    await addBotCheckProofToNextPost(page);
    await dialog.getByRole('button', { name: 'Request valuation' }).click();
    expect(await dialog.locator('.valuation-thanks').textContent()).toContain(
      'We have received your valuation request.',
    );
    expectNoPersonalFieldsInUrls(urls);
  });
});

describe('lead forms without JavaScript', () => {
  it('book a viewing shows its errors, then sends the request', async () => {
    const { page, urls } = await noScriptPage();
    await page.goto(`${property.url}/book-a-viewing`);
    const dialog = page.locator('dialog.modal');
    await expectPersonalFormsToPost(page);
    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    await expectErrors(dialog);
    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill('Script-Free');
    await dialog.getByLabel('Email').fill('nora.viewing@example.com');
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.getByLabel(/Message/).fill('Saturday mornings suit me.');
    await dialog.getByLabel(/I agree to the/).check();
    await addBotCheckProofToNextPost(page);
    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(property.url);
    await expect.poll(() => new URL(page.url()).hash).toBe('#flash/welcome-lead-sent');
    expectNoPersonalFieldsInUrls(urls);
  });

  it('contact a staff member, contact office and send to a friend show their errors', async () => {
    const { page, urls } = await noScriptPage();
    const staffPath = /href="([^"]*\/contact-staff-member\/\d+)"/.exec(property.html)?.[1];
    expect(staffPath).toBeDefined();
    for (const [path, button] of [
      [staffPath!, 'Send enquiry'],
      [`${property.url}/contact-office`, 'Send enquiry'],
      [`${property.url}/send-to-friend`, 'Send to a friend'],
    ] as const) {
      await page.goto(path);
      await expectPersonalFormsToPost(page);
      const dialog = page.locator('dialog.modal');
      await dialog.getByRole('button', { name: button }).click();
      await expectErrors(dialog);
    }
    await page.goto(`${property.url}/send-to-friend`);
    const dialog = page.locator('dialog.modal');
    await dialog.getByLabel('Your name').fill('Nora');
    await dialog.getByLabel('Your email').fill('nora.friend@example.com');
    await dialog.getByLabel("Your friend's email").fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send to a friend' }).click();
    await expectErrors(dialog);
    // The answers come back from the session, the invalid one is flagged next to its field.
    expect(await dialog.getByLabel('Your name').inputValue()).toBe('Nora');
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    expectNoPersonalFieldsInUrls(urls);
  });
});

describe('custom forms and the new-homes enquiry without JavaScript', () => {
  it('a custom form shows its errors on the page, then the bot-check refusal once the answers are valid', async () => {
    const { page, urls } = await noScriptPage();
    await page.goto('/forms/landlord-enquiry');
    await expectPersonalFormsToPost(page);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expectErrors(page, 'Name: ! Please fill in this field.', 'Number of properties');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/forms/landlord-enquiry');
    // Inline too, next to the field.
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);

    await page.getByLabel('Name').fill('Bob Jones');
    await page.getByLabel('Email').fill('bob.nojs@example.com');
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByLabel('Property address').fill('4 Mill Lane, Bath');
    await page.getByLabel('Number of properties').selectOption('2 to 5');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect
      .poll(() => page.getByText('We could not confirm you are not a robot. Please try again.').count())
      .toBeGreaterThan(0);
    await expect.poll(() => summary(page).count()).toBe(0);
    expect(await page.getByLabel('Name').inputValue()).toBe('Bob Jones');
    expectNoPersonalFieldsInUrls(urls);
  });

  it('the new-homes enquiry shows its errors and the bot-check refusal in the modal, then sends', async () => {
    const search = await fetch(`${baseURL}/search.ljson?channel=sales&tags=new%20home`);
    const { properties } = (await search.json()) as { properties: { property_url: string }[] };
    const plot = properties.find((listing) => /plot/i.test(listing.property_url)) ?? properties[0];
    expect(plot).toBeDefined();
    const { page, urls } = await noScriptPage();
    await page.goto(`${plot!.property_url}/new-homes-enquiry`);
    const dialog = page.locator('dialog.modal');
    await expectPersonalFormsToPost(page);
    await dialog.getByRole('button', { name: 'Register interest' }).click();
    await expectErrors(dialog, 'Please enter a valid first name', 'You must agree to our terms & conditions');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${plot!.property_url}/new-homes-enquiry`);

    await dialog.getByLabel('First name').fill('Ann');
    await dialog.getByLabel('Last name').fill('Script-Free');
    await dialog.getByLabel('Email').fill('ann.nojs@example.com');
    await dialog.getByLabel('Phone number').fill('01225 123456');
    await dialog.getByRole('checkbox', { name: /terms/ }).check();
    await dialog.getByRole('button', { name: 'Register interest' }).click();
    await expect
      .poll(() => dialog.getByText('We could not confirm you are not a robot. Please try again.').count())
      .toBeGreaterThan(0);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Ann');

    await dialog.getByRole('checkbox', { name: /terms/ }).check();
    await addBotCheckProofToNextPost(page);
    await dialog.getByRole('button', { name: 'Register interest' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#flash/welcome-lead-sent');
    expect(new URL(page.url()).pathname).toBe(plot!.property_url);
    expectNoPersonalFieldsInUrls(urls);
  });
});

describe('saved searches and saved properties without JavaScript', () => {
  const notice = (page: Page) => page.locator('.toast__message');

  /** The notice is rendered at the end of the page, which a busy server may still be streaming. */
  async function expectNotice(page: Page, message: string): Promise<void> {
    await expect
      .poll(async () => ((await notice(page).count()) > 0 ? await notice(page).textContent() : ''), {
        timeout: 15_000,
      })
      .toBe(message);
  }

  /** The forms on the page that post to this address (they must be real post forms with an action). */
  async function postFormActions(page: Page, actionPrefix: string): Promise<string[]> {
    const forms = await page.$$eval('form', (list) =>
      list.map((form) => `${form.getAttribute('method')} ${form.getAttribute('action') ?? ''}`),
    );
    return forms.filter((form) => form.startsWith(`post ${actionPrefix}`));
  }

  it('a visitor who is not signed in is asked to sign in by Save search and the save toggle', async () => {
    const { page } = await noScriptPage();
    await page.goto('/search?channel=sales');
    expect(await postFormActions(page, '/search?')).toHaveLength(1);
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/sign-in');
    await expectNotice(page, 'Please sign in to keep saved properties and searches in your account.');

    await page.goto('/search?channel=sales');
    await page.locator('button.save-toggle').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/sign-in');
    await expectNotice(page, 'Please sign in to keep saved properties and searches in your account.');
  });

  it('a signed-in user saves and removes a search and a property and changes the alert frequency', async () => {
    const { page, urls } = await noScriptPage();
    await page.goto('/user/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await addBotCheckProofToNextPost(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');

    // Save search: back on the same results with the notice; a second save says it is already saved.
    await page.goto('/search?channel=sales&minBeds=2');
    await page.getByRole('button', { name: 'Save search' }).click();
    await expectNotice(page, 'Search saved. Find it under Saved Searches in your account.');
    expect(new URL(page.url()).searchParams.get('minBeds')).toBe('2');
    await page.getByRole('button', { name: 'Save search' }).click();
    await expectNotice(page, 'You have already saved this search.');

    // The save toggle on a card.
    const toggle = page.locator('button.save-toggle').first();
    const address = ((await toggle.textContent()) ?? '').replace(/^Save /, '');
    expect(address).not.toBe('');
    await toggle.click();
    await expectNotice(page, 'Property saved.');
    expect(new URL(page.url()).pathname).toBe('/search');

    // The account's saved properties: the card is there and its toggle removes it.
    await page.goto('/user/saved-properties');
    expect(await postFormActions(page, '/saved_properties/')).not.toHaveLength(0);
    await page.getByRole('button', { name: `Remove ${address} from saved properties` }).click();
    await expectNotice(page, 'Saved property removed.');
    expect(new URL(page.url()).pathname).toBe('/user/saved-properties');
    expect(await page.getByRole('button', { name: `Remove ${address} from saved properties` }).count()).toBe(0);

    // The account's saved searches: the alert frequency, then remove.
    await page.goto('/user/saved-searches');
    expect(await postFormActions(page, '/searches/')).toHaveLength(1);
    expect(await postFormActions(page, '/saved_searches')).toHaveLength(1);
    await page.getByLabel('Email alerts').selectOption('W');
    await page.getByRole('button', { name: /^Update/ }).click();
    await expectNotice(page, 'Email alert frequency updated.');
    expect(await page.getByLabel('Email alerts').inputValue()).toBe('W');
    await page.getByRole('button', { name: /^Remove/ }).click();
    await expectNotice(page, 'Saved search removed');
    expect(new URL(page.url()).pathname).toBe('/user/saved-searches');
    await expect.poll(() => page.locator('.saved-searches__item').count()).toBe(0);

    expectNoPersonalFieldsInUrls(urls);
  });
});
