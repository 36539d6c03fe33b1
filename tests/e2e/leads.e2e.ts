import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

type Listing = { property_url: string; property_id: number; status: string };

/** A property page for sale that offers a viewing, a named staff member and the office. */
async function findContactablePropertyPage(): Promise<{ url: string; html: string }> {
  for (let page = 1; page <= 10; page += 1) {
    const response = await fetch(`${baseURL}/search.ljson?channel=sales&page=${page}`);
    const { properties } = (await response.json()) as { properties: Listing[] };
    for (const listing of properties) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      if (/\/book-a-viewing"/.test(html) && /\/contact-staff-member\/\d+"/.test(html)) {
        return { url: listing.property_url, html };
      }
    }
  }
  throw new Error('no contactable property found');
}

let property: { url: string; html: string; address: string };

beforeAll(async () => {
  const found = await findContactablePropertyPage();
  const address = /<h1 class="property-header__title">([^<]+)<\/h1>/.exec(found.html)?.[1] ?? '';
  property = { ...found, address: address.replace(/&#x27;/g, "'").replace(/&amp;/g, '&') };
  expect(property.address).not.toBe('');
}, 120_000);

async function openDialog(page: Page, title: string | RegExp): Promise<Locator> {
  const dialog = page.locator('dialog.modal');
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect.poll(() => dialog.locator('.modal__title').textContent()).toMatch(title);
  return dialog;
}

async function fillLeadForm(dialog: Locator, values: { message?: string } = {}) {
  await dialog.getByLabel('First name').fill('Zoë');
  await dialog.getByLabel('Last name').fill('Adams-Smith');
  await dialog.getByLabel('Email').fill('zoe.e2e@example.com');
  // Letters are rejected as they are typed.
  await dialog.getByLabel('Phone number').pressSequentially('01225 4x56789');
  expect(await dialog.getByLabel('Phone number').inputValue()).toBe('01225 456789');
  if (values.message !== undefined) await dialog.locator('#field-lead-message').fill(values.message);
  await dialog.getByRole('checkbox').check();
}

async function outboxText(): Promise<string> {
  return (await fetch(`${baseURL}/outbox`)).text();
}

async function openFromPropertyPage(page: Page, linkName: string | RegExp, title: string | RegExp) {
  await page.goto(property.url);
  await page.waitForLoadState('networkidle');
  await page.locator('.contact-panel').getByRole('link', { name: linkName }).click();
  return openDialog(page, title);
}

describe('book a viewing', () => {
  it('flags every error on an empty form, then sends a valid request and emails the agent', async () => {
    const page = await newPage();
    const dialog = await openFromPropertyPage(page, 'Book a viewing', 'Book a Viewing');
    await expect.poll(() => page.url()).toContain(`${property.url}/book-a-viewing`);
    await expectNoAxeViolations(page, 'dialog.modal');

    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    const summary = dialog.locator('.error-summary');
    await expect.poll(() => summary.isVisible()).toBe(true);
    const messages = await summary.locator('li').allTextContents();
    expect(messages).toEqual([
      'Please enter a valid first name',
      'Please enter a valid last name',
      'Please enter a valid email',
      'Please enter a valid phone number',
      'Please enter a valid message',
      'You must agree to our terms & conditions',
    ]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toContain('error-summary');
    await expectNoAxeViolations(page, 'dialog.modal');

    await fillLeadForm(dialog, { message: 'Could I see it on Saturday morning?' });
    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your viewing request');
    await expectNoAxeViolations(page, 'dialog.modal');

    await expect.poll(outboxText, { timeout: 15_000 }).toContain(`Viewing request: ${property.address}`);
    expect(await outboxText()).toContain('zoe.e2e@example.com');
  });

  it('opens over the home page at /book-a-viewing?property=… and closing returns to /', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const slug = property.url.split('/').pop()!;
    await page.goto(`/book-a-viewing?property=${slug}`);
    const dialog = await openDialog(page, 'Book a Viewing');
    expect(await dialog.textContent()).toContain(property.address);
    await expectNoAxeViolations(page, 'dialog.modal');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});

describe('contact a staff member', () => {
  it("is titled with the person's name, sends the enquiry and shows step 2", async () => {
    const page = await newPage();
    const firstName = /\/contact-staff-member\/\d+"[^>]*>Contact ([^<]+)</.exec(property.html)?.[1] ?? '';
    expect(firstName).not.toBe('');
    const dialog = await openFromPropertyPage(page, `Contact ${firstName}`, new RegExp(`^Contact ${firstName} \\S+`));
    await expectNoAxeViolations(page, 'dialog.modal');

    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => dialog.locator('.error-summary li').count()).toBe(5);
    await fillLeadForm(dialog);
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your enquiry and our agent will be in touch soon.');
    await expectNoAxeViolations(page, 'dialog.modal');
    await expect.poll(outboxText, { timeout: 15_000 }).toContain(`Enquiry for ${firstName} `);
  });

  it("shows 'Request failed. Please try again.' and brings the form back when the call fails", async () => {
    const page = await newPage();
    const firstName = /\/contact-staff-member\/\d+"[^>]*>Contact ([^<]+)</.exec(property.html)?.[1] ?? '';
    const dialog = await openFromPropertyPage(page, `Contact ${firstName}`, /^Contact /);
    await page.route('**/leads', (route) => route.fulfill({ status: 500, body: 'down' }));
    await fillLeadForm(dialog);
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect
      .poll(() => page.locator('.toast--error').textContent(), { timeout: 30_000 })
      .toContain('Request failed. Please try again.');
    await expect.poll(() => dialog.locator('form.lead-form').isVisible()).toBe(true);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Zoë');
  });
});

describe('contact office', () => {
  it('sends an enquiry about the property to its office', async () => {
    const page = await newPage();
    const dialog = await openFromPropertyPage(page, 'Contact office', 'Contact office');
    expect(await dialog.textContent()).toContain(property.address);
    await expectNoAxeViolations(page, 'dialog.modal');
    await fillLeadForm(dialog, { message: 'Is the garden south facing?' });
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your enquiry and our agent will be in touch soon.');
    await expect.poll(outboxText, { timeout: 15_000 }).toContain('Is the garden south facing?');
  });

  it('opens over the home page for a branch, and not at all without office data', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/contact-office?branch_id=1');
    const dialog = await openDialog(page, 'Contact office');
    expect(await dialog.locator('.lead-form__recipient-name').textContent()).toMatch(/branch$/);
    await expectNoAxeViolations(page, 'dialog.modal');
    expect((await fetch(`${baseURL}/contact-office`)).status).toBe(404);
  });
});

describe('send to a friend', () => {
  it('emails the property link to the friend', async () => {
    const page = await newPage();
    const dialog = await openFromPropertyPage(page, 'Send to a friend', 'Send to a friend');
    await expectNoAxeViolations(page, 'dialog.modal');
    await dialog.getByRole('button', { name: 'Send to a friend' }).click();
    await expect.poll(() => dialog.locator('.error-summary li').count()).toBe(3);
    await dialog.getByLabel('Your name').fill('Zoë Adams');
    await dialog.getByLabel('Your email').fill('zoe.e2e@example.com');
    await dialog.getByLabel("Your friend's email").fill('sam.e2e@example.com');
    await dialog.getByLabel('Message (optional)').fill('This one has the garden you wanted.');
    await dialog.getByRole('button', { name: 'Send to a friend' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('The property has been sent to your friend.');
    const outbox = await outboxText();
    expect(outbox).toContain('sam.e2e@example.com');
    expect(outbox).toContain(`Zoë Adams thought you would like this property: ${property.address}`);
  });
});

describe('double submission', () => {
  it('clicking "Send enquiry" twice at once sends one lead', async () => {
    const page = await newPage();
    const dialog = await openFromPropertyPage(page, 'Contact office', 'Contact office');
    await fillLeadForm(dialog, { message: 'Sent once, clicked twice.' });
    let leadPosts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/leads') leadPosts += 1;
    });
    // Two submits in the same moment, before React renders again: what a double click or a double Enter can do.
    await dialog.locator('form.lead-form').evaluate((form: HTMLFormElement) => {
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      button?.click();
      button?.click();
    });
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your enquiry and our agent will be in touch soon.');
    await page.waitForTimeout(500);
    expect(leadPosts).toBe(1);
  });
});
