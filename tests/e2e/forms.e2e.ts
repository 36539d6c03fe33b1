import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../upload-fixtures.ts';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

const sentToasts = (page: Page) =>
  page.locator('.toast--success').filter({ hasText: 'Thank you, your form has been sent.' }).count();

/** Set SCREENSHOT_DIR to keep full-page screenshots of each state for a visual check. */
async function snapshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage });
}

const SMALL_PDF = Buffer.from(minimalPdf());

describe('custom forms', () => {
  it('finds the careers form from the footer, checks it, and sends it with a PDF CV', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Careers' }).click();
    await expect.poll(() => page.url()).toMatch(/\/forms\/careers$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Careers');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    // Nothing filled in: the summary and each field say what is missing.
    await page.getByRole('button', { name: 'Send application' }).click();
    const summary = page.locator('.error-summary');
    await expect.poll(() => summary.isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary')))
      .toBe(true);
    expect(await summary.textContent()).toContain('CV: ! Please fill in this field.');
    expect(await page.locator('.form-field__error').count()).toBe(6);
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    await snapshot(page, 'careers-errors-1280');
    await expectNoAxeViolations(page);

    await page.getByLabel('Name').fill('Ann Smith');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Phone').fill('01234 567890');
    await page.getByLabel('Role you are applying for').fill('Lettings negotiator');
    await page.getByLabel('Cover letter').fill('Five years of lettings experience in Bath.');
    await page
      .getByLabel('CV')
      .setInputFiles({ name: 'ann-smith-cv.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    await expect.poll(() => page.locator('.custom-form__file-chosen').textContent()).toContain('ann-smith-cv.pdf');

    await page.getByRole('button', { name: 'Send application' }).click();
    // The flash key '#flash/form-submission-sent' shows its toast (root removes the key from the address).
    await expect.poll(() => sentToasts(page), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/forms/careers');
    expect(await page.getByRole('status').filter({ hasText: 'your form has been sent' }).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    // The careers team's email is queued with the CV's details (the development outbox page shows it).
    await expect
      .poll(async () => (await fetch(`${baseURL}/outbox`)).text(), { timeout: 20_000 })
      .toContain('ann-smith-cv.pdf');
    await expect.poll(() => page.title()).not.toMatch(/^Error: /);
    await snapshot(page, 'careers-sent-1280');
    await expectNoAxeViolations(page);
  });

  it('refuses a file over 10mb in the browser and clears the selection', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/forms/careers');
    await page.waitForLoadState('networkidle');
    const input = page.getByLabel('CV');
    await input.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([SMALL_PDF, Buffer.alloc(10 * 1024 * 1024)]),
    });
    await expect
      .poll(() => page.locator('.custom-form__file .form-field__error').textContent())
      .toContain("File size can't be over 10mb");
    expect(await input.evaluate((element) => (element as HTMLInputElement).files?.length ?? 0)).toBe(0);
    expect(await page.locator('.custom-form__file-chosen').count()).toBe(0);
    await snapshot(page, 'careers-oversize-390');
    await expectNoAxeViolations(page);
  });

  it('shows the landlord enquiry form with a select and sends it', async () => {
    const page = await newPage();
    await page.goto('/forms/landlord-enquiry');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Name').fill('Bob Jones');
    await page.getByLabel('Email').fill('bob@example.com');
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByLabel('Property address').fill('4 Mill Lane, Bath');
    await page.getByLabel('Number of properties').selectOption('2 to 5');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => sentToasts(page), { timeout: 20_000 }).toBeGreaterThan(0);
  });
});

describe('new-homes enquiry', () => {
  it('registers interest in a development from a plot page, with the address typed in by hand', async () => {
    const search = await fetch(`${baseURL}/search.ljson?channel=sales&tags=new%20home`);
    const { properties } = (await search.json()) as { properties: { property_url: string; display_address: string }[] };
    const plot = properties.find((listing) => /^Plot \d+,/.test(listing.display_address));
    expect(plot).toBeDefined();
    const page = await newPage();
    await page.goto(plot!.property_url);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Register your interest' }).click();
    const dialog = page.locator('dialog.modal');
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await expect.poll(() => page.url()).toMatch(/\/new-homes-enquiry$/);
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toBe('Register your interest');
    const development = dialog.getByLabel('Development of interest');
    expect(await development.isDisabled()).toBe(true);
    expect(await development.inputValue()).toBe(plot!.display_address.split(',')[1]!.trim());
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Register interest' }).click();
    await expect
      .poll(() => dialog.locator('.error-summary').textContent())
      .toContain('Please enter a valid first name');
    expect(await dialog.locator('.error-summary').textContent()).toContain('You must agree to our terms & conditions');
    await snapshot(page, 'new-homes-errors-1280');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('First name').fill('Ann');
    await dialog.getByLabel('Last name').fill('Smith');
    await dialog.getByLabel('Email').fill('ann@example.com');
    await dialog.getByLabel('Phone number').fill('01225 123456');
    await dialog.getByRole('button', { name: /enter the address|manually|by hand/i }).click();
    await dialog.getByLabel('House number').fill('4');
    await dialog.getByLabel('Street').fill('Mill Lane');
    await dialog.getByLabel('Town').fill('Bath');
    await dialog.getByLabel('Postcode').fill('BA2 3AB');
    await dialog.getByRole('checkbox', { name: /terms/ }).check();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/form_submissions')) posts.push(request.url());
    });
    // A second press while the first is pending (the bot check is still working) sends nothing more.
    const submit = dialog.getByRole('button', { name: 'Register interest' });
    await submit.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.form?.requestSubmit();
    });
    // An ordinary post: the server sends the browser back to the property page with '#flash/welcome-lead-sent'.
    await expect
      .poll(() => page.locator('.toast--success').filter({ hasText: 'your enquiry has been sent' }).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(plot!.property_url);
    expect(await page.locator('dialog.modal').count()).toBe(0);
    expect(posts).toHaveLength(1);
    await snapshot(page, 'new-homes-sent-1280');
  });
});

describe('instant valuation', () => {
  it('estimates a sale price and a rent from nearby homes and offers a full valuation', async () => {
    const page = await newPage();
    await page.goto('/valuation');
    const dialog = page.locator('dialog.modal');
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toBe('Instant Valuation');
    await page.waitForLoadState('load');
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Get my estimate' }).click();
    await expect
      .poll(() => dialog.locator('.error-summary').textContent())
      .toContain('Please enter a valid address or postcode');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Address or postcode').fill('Atlantis');
    await dialog.getByLabel('Property type').selectOption('house');
    await dialog.getByLabel('Bedrooms').selectOption('3');
    await dialog.getByRole('button', { name: 'Get my estimate' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').filter({ hasText: "Sorry we couldn't find that address" }).count())
      .toBe(1);

    await dialog.getByLabel('Address or postcode').fill('BA2');
    await dialog.getByRole('button', { name: 'Get my estimate' }).click();
    await expect.poll(() => page.url()).toMatch(/\/valuation\?q=BA2&type=house&beds=3$/);
    const sale = dialog.locator('.instant-valuation__card').filter({ hasText: 'Estimated sale price' });
    await expect.poll(() => sale.locator('.instant-valuation__figure').textContent()).toMatch(/^£\d{1,3}(,\d{3})+$/);
    expect(await sale.locator('.instant-valuation__range').textContent()).toMatch(/^Likely range £[\d,]+ to £[\d,]+$/);
    const rent = dialog.locator('.instant-valuation__card').filter({ hasText: 'Estimated monthly rent' });
    expect(await rent.locator('.instant-valuation__figure').textContent()).toMatch(/^£[\d,]+ pcm$/);
    await dialog
      .locator('summary')
      .filter({ hasText: /^Homes used for the sale price/ })
      .click();
    expect(
      await dialog.locator('.instant-valuation__comparables table').first().locator('tbody tr').count(),
    ).toBeGreaterThanOrEqual(3);
    // The full valuation it offers is marked as this estimate's follow-up for the agency's leads inbox.
    expect(await dialog.getByRole('link', { name: 'Book a full valuation' }).getAttribute('href')).toBe(
      '/book-a-valuation?from=instant-valuation',
    );
    await snapshot(page, 'instant-valuation-1280', false);
    await expectNoAxeViolations(page);
  });

  it("opens from the footer over the home page, showing 'Loading Instant Valuation' while its code loads", async () => {
    const page = await newPage();
    let releaseChunk: () => void = () => undefined;
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    await page.route('**/assets/instant-valuation-view-*.js', async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.goto('/');
    await page.waitForLoadState('load');
    await expect
      .poll(() =>
        page.evaluate(() => Boolean((window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules)),
      )
      .toBe(true);
    await page.locator('footer').getByRole('link', { name: 'Instant valuation' }).click();
    const loading = page.getByRole('status').filter({ hasText: 'Loading Instant Valuation' });
    await expect.poll(() => loading.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/valuation');
    releaseChunk();
    await expect.poll(() => page.getByLabel('Address or postcode').count()).toBe(1);
    expect(await loading.count()).toBe(0);
    // Home stays behind the modal; closing returns to it.
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('works on a phone-sized screen', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/valuation?q=BA2&type=flat&beds=2');
    await page.waitForLoadState('load');
    const figure = page.locator('.instant-valuation__figure').first();
    await expect.poll(() => figure.textContent()).toMatch(/^£/);
    await snapshot(page, 'instant-valuation-390', false);
    await expectNoAxeViolations(page);
  });
});
