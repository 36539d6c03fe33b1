import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callFromPage, register, signIn } from './account-helpers.ts';
import { expectNoAxeViolations, useBrowser, hydrated } from './browser.ts';

const { newPage, baseURL } = useBrowser();

async function modalDialog(page: Page): Promise<Locator> {
  const dialog = page.locator('dialog.modal');
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal')), { timeout: 20_000 }).toBe(true);
  return dialog;
}

/** Types the start of a seeded address and waits for the suggestion list. */
async function openSuggestions(dialog: Locator, boxName: string): Promise<Locator> {
  const search = dialog.getByRole('combobox', { name: boxName });
  await search.pressSequentially('ba1');
  const listbox = dialog.getByRole('listbox', { name: 'Addresses found' });
  await expect.poll(() => listbox.isVisible(), { timeout: 10_000 }).toBe(true);
  return listbox;
}

describe('address lookup inside a modal', () => {
  it('keeps the valuation modal and its data when Next is pressed with the suggestion list open', async () => {
    const page = await newPage();
    await page.goto('/book-a-valuation');
    await hydrated(page);
    const dialog = await modalDialog(page);
    await dialog.getByLabel('First name').fill('Lena');
    await dialog.getByLabel('Last name').fill('Lookup');
    await dialog.getByLabel('Email').fill('lena@example.com');
    await dialog.getByLabel('Phone number').fill('07700 900123');

    // The list is open and nothing is chosen yet: Next asks for the address and the modal stays.
    await openSuggestions(dialog, 'Property address');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.locator('.error-summary').textContent()).toContain('You must enter a valid address');
    expect(await page.locator('dialog.modal').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/book-a-valuation');
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Lena');

    // Chosen with the pointer: Next goes on with the address.
    await dialog.getByRole('combobox', { name: 'Property address' }).fill('');
    const listbox = await openSuggestions(dialog, 'Property address');
    await listbox.getByRole('option').first().click();
    await expect.poll(() => dialog.locator('input[type="hidden"][name="postcode"]').count()).toBe(1);
    const postcode = await dialog.locator('input[type="hidden"][name="postcode"]').inputValue();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => dialog.locator('.valuation-flow__title').textContent(), { timeout: 10_000 })
      .toBe('Choose a date and time');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => dialog.locator('.valuation-flow__title').textContent()).toBe('Your details');
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Lena');
    expect(await dialog.locator('input[type="hidden"][name="postcode"]').inputValue()).toBe(postcode);
  });

  it('keeps the new-homes modal and its data when the form is sent with the suggestion list open', async () => {
    const search = await fetch(`${baseURL}/search.ljson?channel=sales&tags=new%20home`);
    const { properties } = (await search.json()) as { properties: { property_url: string }[] };
    const page = await newPage();
    await page.goto(`${properties[0]!.property_url}/new-homes-enquiry`);
    await hydrated(page);
    const dialog = await modalDialog(page);
    await dialog.getByLabel('First name').fill('Nia');
    const listbox = await openSuggestions(dialog, 'Find your address');
    await dialog.getByRole('button', { name: 'Register interest' }).click();
    await expect
      .poll(() => dialog.locator('.error-summary').textContent())
      .toContain('You must agree to our terms & conditions');
    expect(await page.locator('dialog.modal').count()).toBe(1);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Nia');

    // A click on an option chooses it and the modal stays too.
    await dialog.getByRole('combobox', { name: 'Find your address' }).fill('');
    await openSuggestions(dialog, 'Find your address');
    await listbox.getByRole('option').first().click();
    await expect.poll(() => dialog.locator('.address-lookup__chosen input').count()).toBeGreaterThan(0);
    expect(await page.locator('dialog.modal').count()).toBe(1);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Nia');
    await expectNoAxeViolations(page);
  });
});

describe('a session changed in another tab', () => {
  it('sends a form from a page whose token went stale when another tab signed in', async () => {
    const email = `two-tabs-${Date.now()}@example.com`;
    const tabB = await newPage();
    await register(tabB, email);
    expect((await callFromPage(tabB, '/session', { _method: 'delete' })).status).toBeLessThan(400);

    // Tab A opens a form while signed out, then tab B signs in: the session (and so the token) changes under A.
    const tabA = await tabB.context().newPage();
    await tabA.goto('/contact-office?branch_id=1');
    await hydrated(tabA);
    const dialog = await modalDialog(tabA);
    const staleToken = await tabA.locator('meta[name="csrf-token"]').getAttribute('content');
    await signIn(tabB, email);

    await dialog.getByLabel('First name').fill('Tess');
    await dialog.getByLabel('Last name').fill('Two-Tabs');
    await dialog.getByLabel('Email').fill('tess.e2e@example.com');
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.getByRole('checkbox').check();
    const answers: number[] = [];
    tabA.on('response', (response) => {
      if (new URL(response.url()).pathname === '/leads') answers.push(response.status());
    });
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your enquiry');
    // Refused once with the stale token, then sent with a fresh one.
    expect(answers).toEqual([422, 200]);
    expect(await tabA.locator('meta[name="csrf-token"]').getAttribute('content')).not.toBe(staleToken);
  });

  it('tells the visitor to reload when a fresh token does not help', async () => {
    const page = await newPage();
    await page.goto('/contact-office?branch_id=1');
    await hydrated(page);
    const dialog = await modalDialog(page);
    // A token endpoint that cannot help (as when the session cannot be renewed): the call is refused twice.
    await page.route('**/csrf-token', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"authenticity_token":"stale"}' }),
    );
    await dialog.getByLabel('First name').fill('Rory');
    await dialog.getByLabel('Last name').fill('Reload');
    await dialog.getByLabel('Email').fill('rory.e2e@example.com');
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.getByRole('checkbox').check();
    // Without its session cookie every token of this page is refused.
    await page.context().clearCookies();
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect
      .poll(() => page.locator('.toast--error').allTextContents(), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining('Please reload the page and try again.'));
    expect(await page.locator('dialog.modal').count()).toBe(1);
  });
});

describe('forgotten password when the server fails', () => {
  it('says the request failed, not that the email is invalid', async () => {
    const page = await newPage();
    await page.goto('/user/forgotten_password');
    // The account screens are a modal sidebar whose form is loaded lazily: wait until it is React's.
    await modalDialog(page);
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('dialog.modal form') ?? {}).some((key) => key.startsWith('__react')),
    );
    await page.route('**/reset_passwords', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
    );
    const email = page.getByLabel('Email address');
    await email.waitFor();
    await email.fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.locator('.toast--error .toast__message').allTextContents(), { timeout: 15_000 })
      .toContain('Request failed. Please try again.');
    expect(await page.getByText('Please enter a valid email').count()).toBe(0);
    expect(await email.getAttribute('aria-invalid')).not.toBe('true');
    expect(await email.inputValue()).toBe('someone@example.com');
  });
});

describe('the new-homes enquiry page', () => {
  it('offers the developments, then the enquiry form for the one chosen, without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto('/forms/new-homes-enquiry');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Register your interest in a new home');
    expect(await page.locator('.form-page__intro').textContent()).not.toBe('');
    const choice = page.getByLabel('Development');
    expect(await choice.locator('option').count()).toBeGreaterThan(0);
    await choice.selectOption({ index: 0 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/forms\/new-homes-enquiry\?development=/);
    expect(await page.getByLabel('Development of interest').inputValue()).not.toBe('');
    expect(await page.getByLabel('First name').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Register interest' }).isVisible()).toBe(true);
  });

  it('is linked from the new-homes search', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales&tags=new-home');
    await page.getByRole('link', { name: 'Register your interest in a new home' }).click();
    await page.waitForURL(/\/forms\/new-homes-enquiry$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Register your interest in a new home');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\?development=/);
    await page.getByLabel('First name').waitFor();
    await expectNoAxeViolations(page);
  });
});

describe('office telephone numbers', () => {
  it("shows a property page's number with the same label on its branch page", async () => {
    for (const channel of ['sales', 'lettings']) {
      const { properties } = (await (await fetch(`${baseURL}/search.ljson?channel=${channel}`)).json()) as {
        properties: { property_url: string }[];
      };
      const page = await newPage();
      await page.goto(properties[0]!.property_url);
      const office = page.locator('.contact-panel__office');
      const label = ((await office.locator('.contact-panel__phone-label').textContent()) ?? '').replace(/:\s*$/, '');
      const telephone = (await office.locator('a[href^="tel:"]').textContent()) ?? '';
      expect(label, channel).not.toBe('');
      expect(telephone, channel).toMatch(/\d/);
      await office.getByRole('link', { name: /^About the .+ branch$/ }).click();
      await page.waitForURL(/\/branches\/[a-z0-9-]+$/);
      // The branch's own lines (Office, Sales, Lettings) or a department card carry the same label and number.
      const lines = await page.locator('.branch-page__intro dl > div').evaluateAll((rows) =>
        rows.map((row) => ({
          label: row.querySelector('dt')?.textContent ?? '',
          telephone: row.querySelector('dd')?.textContent ?? '',
        })),
      );
      const departments = await page.locator('.department-card').evaluateAll((cards) =>
        cards.map((card) => ({
          label: card.querySelector('h3')?.textContent ?? '',
          telephone: card.querySelector('a[href^="tel:"]')?.lastChild?.textContent ?? '',
        })),
      );
      expect([...lines, ...departments], channel).toContainEqual({ label, telephone });
      await page.context().close();
    }
  });
});
