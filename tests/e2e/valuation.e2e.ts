import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser, hydrated } from './browser.ts';

const { newPage, baseURL } = useBrowser();

/** Set SCREENSHOT_DIR to keep a screenshot of each step for a visual check. */
async function snapshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

async function openDialog(page: Page): Promise<Locator> {
  const dialog = page.locator('dialog.modal');
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal')), { timeout: 20_000 }).toBe(true);
  return dialog;
}

const stepTitle = (dialog: Locator) => dialog.locator('.valuation-flow__title').textContent();
const pressed = (dialog: Locator) => dialog.locator('.valuation-slots button[aria-pressed="true"]').allTextContents();

function isoDateInDays(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function fillPerson(dialog: Locator, firstName: string) {
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill('Valuer-Test');
  await dialog.getByLabel('Email').fill(`${firstName.toLowerCase()}@example.com`);
  await dialog.getByLabel('Phone number').pressSequentially('07700 9ab00123');
}

describe('book a valuation (multi-step)', () => {
  it('walks the steps from the home page side link, with Back, time slots, address lookup and thank-you', async () => {
    // A real address from the seeded lookup table, found as a visitor would by typing its start.
    const seeded = (await (await fetch(`${baseURL}/address_lookup?autocomplete=ba1`)).json()) as {
      suggestions: { address: string; id: string }[];
    };
    const target = seeded.suggestions[0];
    expect(target).toBeTruthy();

    const page = await newPage();
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await page.getByRole('link', { name: 'Book a valuation' }).first().click();
    // Client-side navigations (opening and closing the modal) change the address once the next route's data and code
    // have arrived: seconds on a busy CI machine, past expect.poll's one-second default.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/book-a-valuation');
    const dialog = await openDialog(page);
    expect(await dialog.getByRole('heading', { name: 'Book a valuation' }).isVisible()).toBe(true);
    expect(await stepTitle(dialog)).toBe('Your details');
    await expectNoAxeViolations(page);
    await snapshot(page, 'valuation-step1-1280');

    // Nothing filled in: the summary lists what is missing and takes focus.
    await dialog.getByRole('button', { name: 'Next' }).click();
    const summary = dialog.locator('.error-summary');
    await expect.poll(() => summary.isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary')))
      .toBe(true);
    const messages = await summary.locator('li').allTextContents();
    expect(messages).toEqual([
      'Please enter a valid first name',
      'Please enter a valid last name',
      'Please enter a valid email',
      'Please enter a valid phone number',
      'You must enter a valid address',
    ]);
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    await expectNoAxeViolations(page);
    await snapshot(page, 'valuation-step1-errors-1280');

    await fillPerson(dialog, 'Vera');
    // Letters are dropped from the phone as they are typed.
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe('07700 900123');

    // Address lookup: 'Loading...' then suggestions, chosen with the keyboard.
    const search = dialog.getByRole('combobox', { name: 'Property address' });
    await search.pressSequentially('zzqx');
    await expect
      .poll(() => dialog.locator('.address-lookup__status').textContent(), { timeout: 10_000 })
      .toBe("Sorry we couldn't find that address");
    await search.fill('');
    await search.pressSequentially('ba1');
    const listbox = dialog.getByRole('listbox', { name: 'Addresses found' });
    await expect.poll(() => listbox.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await listbox.getByRole('option').first().textContent()).toBe(target?.address);
    await expectNoAxeViolations(page);
    await snapshot(page, 'valuation-lookup-1280');
    await search.press('ArrowDown');
    expect(await search.getAttribute('aria-activedescendant')).toBeTruthy();
    await search.press('Enter');
    await expect.poll(() => dialog.locator('input[type="hidden"][name="postcode"]').count()).toBe(1);
    const chosenPostcode = await dialog.locator('input[type="hidden"][name="postcode"]').inputValue();
    expect(target?.address).toContain(chosenPostcode);

    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => stepTitle(dialog), { timeout: 10_000 }).toBe('Choose a date and time');
    expect(await dialog.locator('.valuation-flow__progress').textContent()).toBe('Step 2 of 3');
    expect(await dialog.locator('.valuation-branch').textContent()).toMatch(/^Your local branch: /);
    await expectNoAxeViolations(page);

    // Nothing chosen: both messages.
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await dialog.locator('.error-summary li').allTextContents()).toEqual([
      'Please select a valid date',
      'Please select a valid time slot',
    ]);

    // Time slots: the groups, a single slot clearing them, a date change clearing everything.
    await dialog.getByLabel('Preferred date').fill(isoDateInDays(5));
    await dialog.getByRole('button', { name: 'All am' }).click();
    expect(await pressed(dialog)).toEqual(['All am', '9:00', '10:00', '11:00']);
    await dialog.getByRole('button', { name: 'All pm' }).click();
    expect(await pressed(dialog)).toEqual([
      'All am',
      'All pm',
      '9:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    await dialog.getByRole('button', { name: '14:00' }).click();
    expect(await pressed(dialog)).toEqual(['14:00']);
    await dialog.getByRole('button', { name: '14:00' }).click();
    expect(await pressed(dialog)).toEqual([]);
    await dialog.getByRole('button', { name: '10:00' }).click();
    await dialog.getByLabel('Preferred date').fill(isoDateInDays(6));
    expect(await pressed(dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'All pm' }).click();
    await expectNoAxeViolations(page);
    await snapshot(page, 'valuation-step2-1280');

    // Back keeps what was typed on step 1; Next brings the choices on step 2 back too.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => stepTitle(dialog)).toBe('Your details');
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Vera');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => stepTitle(dialog), { timeout: 10_000 }).toBe('Choose a date and time');
    expect(await pressed(dialog)).toContain('All pm');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect.poll(() => stepTitle(dialog)).toBe('Check and send');
    const summaryText = (await dialog.locator('.valuation-summary').textContent()) ?? '';
    expect(summaryText).toContain('Vera Valuer-Test');
    expect(summaryText).toContain('All pm');
    expect(summaryText).toContain(chosenPostcode);
    await dialog.getByLabel('Message (optional)').fill('Please call before visiting.');
    await dialog.getByRole('button', { name: 'Request valuation' }).click();
    expect(await dialog.locator('.error-summary li').allTextContents()).toEqual([
      'You must agree to our terms & conditions',
    ]);
    await expectNoAxeViolations(page);
    await dialog.getByLabel(/I agree to the/).check();
    await snapshot(page, 'valuation-step3-1280');
    await dialog.getByRole('button', { name: 'Request valuation' }).click();

    await expect.poll(() => stepTitle(dialog), { timeout: 30_000 }).toBe('Thank you');
    expect(await dialog.textContent()).toContain('We have received your valuation request.');
    const events = await page.evaluate(() => (window as unknown as { dataLayer: { event: string }[] }).dataLayer);
    expect(events).toContainEqual(expect.objectContaining({ event: 'valuation_request', valuationForm: 'multi-step' }));
    await expectNoAxeViolations(page);
    await snapshot(page, 'valuation-thanks-1280');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');

    // The lead was stored and the branch's email queued (the development outbox shows it).
    await expect
      .poll(
        async () => {
          await page.goto('/outbox');
          return (await page.locator('main').textContent()) ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain('Preferred time: All pm');
  });

  it("says 'We are sorry' for a postcode no branch covers, on a phone-sized screen, with manual address entry", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/book-a-valuation');
    await hydrated(page);
    const dialog = await openDialog(page);
    await fillPerson(dialog, 'Tristan');
    await dialog.getByRole('button', { name: 'Enter the address manually' }).click();
    await dialog.getByLabel('House number').fill('4');
    await dialog.getByLabel('Street').fill('Lemon Street');
    await dialog.getByLabel('Town').fill('Truro');
    await dialog.getByLabel('Postcode').fill('TR1 2LS');
    await snapshot(page, 'valuation-manual-390');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => stepTitle(dialog), { timeout: 10_000 }).toBe('We are sorry');
    expect(await dialog.locator('.valuation-sorry__message').textContent()).toBe(
      "We don't have agents near your property",
    );
    await expectNoAxeViolations(page);
    await snapshot(page, 'valuation-sorry-390');

    // Back to the details, which are kept; Back on step 1 closes the modal.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => stepTitle(dialog)).toBe('Your details');
    expect(await dialog.getByLabel('Postcode').inputValue()).toBe('TR1 2LS');
    // Switching back to the lookup clears the manual address.
    await dialog.getByRole('button', { name: 'Search for the address instead' }).click();
    await dialog.getByRole('button', { name: 'Enter the address manually' }).click();
    expect(await dialog.getByLabel('Postcode').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    // The address changes as the navigation starts; the dialog goes when the home page renders, a moment later.
    await expect.poll(() => page.locator('dialog.modal').count()).toBe(0);
  });

  it('opens from #/book-a-valuation and from the legacy #/book_a_valuation calendar script', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/search#/book-a-valuation');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/book-a-valuation');
    await openDialog(page);
    expect(scripts).not.toContain('/legacy_asset_bundles/legacy_calendar.js');

    await page.goto('/articles#/book_a_valuation');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/book-a-valuation');
    const dialog = await openDialog(page);
    expect(scripts).toContain('/legacy_asset_bundles/legacy_calendar.js');
    expect(await stepTitle(dialog)).toBe('Your details');
    await expectNoAxeViolations(page);

    const script = await fetch(`${baseURL}/legacy_asset_bundles/legacy_calendar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  it('starts on Letting over a lettings property page', async () => {
    const listings = (await (await fetch(`${baseURL}/search.ljson?channel=lettings`)).json()) as {
      properties: { property_url: string }[];
    };
    const url = listings.properties[0]?.property_url;
    expect(url).toBeTruthy();
    const page = await newPage();
    await page.goto(`${url}/book-a-valuation`);
    const dialog = await openDialog(page);
    expect(await dialog.getByLabel('Letting').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Selling').isChecked()).toBe(false);
    await hydrated(page);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 20_000 })
      .toBe(new URL(url ?? '', baseURL).pathname);
  });

  it('shows a slot someone has booked as taken for that branch and day', async () => {
    const date = isoDateInDays(9);
    async function reachStep2(page: Page, firstName: string): Promise<Locator> {
      await page.goto('/book-a-valuation');
      const dialog = await openDialog(page);
      await hydrated(page);
      await fillPerson(dialog, firstName);
      await dialog.getByRole('button', { name: 'Enter the address manually' }).click();
      await dialog.getByLabel('Street').fill('Milsom Street');
      await dialog.getByLabel('Town').fill('Bath');
      await dialog.getByLabel('Postcode').fill('BA1 1DE');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => stepTitle(dialog), { timeout: 10_000 }).toBe('Choose a date and time');
      await dialog.getByLabel('Preferred date').fill(date);
      return dialog;
    }

    const first = await newPage();
    const dialog = await reachStep2(first, 'Bella');
    await dialog.getByRole('button', { name: '10:00' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel(/I agree to the/).check();
    await dialog.getByRole('button', { name: 'Request valuation' }).click();
    await expect.poll(() => stepTitle(dialog), { timeout: 30_000 }).toBe('Thank you');

    const second = await newPage();
    const again = await reachStep2(second, 'Carla');
    const taken = again.getByRole('button', { name: '10:00 booked' });
    await expect.poll(() => taken.isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await again.getByRole('button', { name: '11:00' }).isDisabled()).toBe(false);
    await snapshot(second, 'valuation-taken-slot-1280');
    await expectNoAxeViolations(second);
  });
});
