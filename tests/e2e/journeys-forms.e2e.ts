import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

/** React has hydrated the page once its fibres hang off the DOM (network idle never comes on a busy machine). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react')),
    undefined,
    { timeout: 30_000 },
  );
}

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
