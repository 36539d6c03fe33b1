/**
 * The form builder end to end: an editor (set up through `npm run staff:create`) creates a custom form with a few
 * fields, moves one by keyboard with its Move down button, previews it and publishes it; a visitor sends it on the
 * public page and sees its thank-you message; an owner finds the submission in the leads inbox, filtered to that
 * form from the builder's link. Without JavaScript, a refused save shows its messages and Move down still works.
 * Axe checks the list, the builder and the preview.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'willow harbour copper lantern';
const stamp = Date.now();
const editor = { email: `e2e-forms-editor-${stamp}@agency.example`, name: `Eda Editor ${stamp}` };
const owner = { email: `e2e-forms-owner-${stamp}@agency.example`, name: `Oli Owner ${stamp}` };
const noJsEditor = { email: `e2e-forms-nojs-${stamp}@agency.example`, name: `Nell Editor ${stamp}` };
const title = `Garden survey ${stamp}`;
const slug = `garden-survey-${stamp}`;
// Letters only, so the inbox search and the name rules are not in the way: the run's digits spelled as letters.
const visitorName = `Gwen${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
const THANKS = 'Thank you: our garden team will call you this week.';

async function signedInStaff(person: { email: string; name: string }, role: string): Promise<Page> {
  const created = await staffCreate(['--email', person.email, '--name', person.name, '--role', role]);
  expect(created.code, created.output).toBe(0);
  const page = await newPage();
  await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
  return page;
}

/** The text of the focused button ('' when focus is elsewhere). */
async function focusedButton(page: Page): Promise<string> {
  return page.evaluate(() =>
    document.activeElement?.tagName === 'BUTTON' ? (document.activeElement.textContent ?? '') : '',
  );
}

/** The labels of the builder's saved field rows, in order. */
async function fieldLabels(page: Page): Promise<string[]> {
  return page
    .locator('.form-builder__row')
    .evaluateAll((rows) =>
      rows
        .map((row) => (row.querySelector('input[name$="_label"]') as HTMLInputElement | null)?.value ?? '')
        .filter(Boolean),
    );
}

describe('the form builder', () => {
  let formPath = '';

  it('an editor creates a form, reorders a field by keyboard, previews and publishes it', async () => {
    const page = await signedInStaff(editor, 'editor');
    await page.goto('/admin/forms');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Forms' }).count())
      .toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Create a form' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/forms/new');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Introduction').fill('Tell us about your garden.');
    await page.getByLabel('Send button text').fill('Send survey');
    await page.locator('[name="field_0_label"]').fill('Your name');
    await page.locator('[name="field_0_required"]').check();
    await page.locator('[name="field_1_label"]').fill('Email');
    await page.locator('[name="field_1_type"]').selectOption('email');
    await page.locator('[name="field_1_required"]').check();
    await page.locator('[name="field_2_label"]').fill('Garden size');
    await page.locator('[name="field_2_type"]').selectOption('select');
    await page.locator('[name="field_2_options"]').fill('Small\nMedium\nLarge');
    await page.locator('[name="field_2_help"]').fill('A rough guess is fine.');
    await page.getByLabel('Email addresses that receive each submission').fill('gardens@agency.example');
    await page.getByLabel('Thank-you message').fill(THANKS);
    await page.getByRole('button', { name: 'Create the form' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toMatch(/^\/admin\/forms\/\d+$/);
    formPath = pathOf(page);
    await expect.poll(() => page.getByText('The form has been saved.').count()).toBe(1);
    expect(await fieldLabels(page)).toEqual(['Your name', 'Email', 'Garden size']);
    await expectNoAxeViolations(page);

    // Move "Garden size" up from the keyboard: the button is a form post, and focus comes back to it.
    const moveUp = page.getByRole('button', { name: 'Move up Garden size' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldLabels(page), { timeout: 20_000 }).toEqual(['Your name', 'Garden size', 'Email']);
    await expect.poll(() => focusedButton(page)).toBe('Move up Garden size');
    expect(await page.locator('.admin-notice').textContent()).toBe('“Garden size” moved up. The form has been saved.');
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldLabels(page), { timeout: 20_000 }).toEqual(['Garden size', 'Your name', 'Email']);
    // At the top it has no Move up any more; focus is on its Move down.
    await expect.poll(() => focusedButton(page)).toBe('Move down Garden size');
    await expectNoAxeViolations(page);

    // The preview is the public form, not sendable, before it is published.
    await page.getByRole('link', { name: 'Preview the form' }).click();
    await expect.poll(() => pathOf(page)).toBe(`${formPath}/preview`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByLabel('Garden size (optional)').count()).toBe(1);
    expect(await page.getByText('A rough guess is fine.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Send survey' }).isDisabled()).toBe(true);
    expect(await page.getByText('visitors cannot see this form until it is published').count()).toBe(1);
    await expectNoAxeViolations(page);

    // Not published yet: the public page does not exist.
    const visitor = await newPage();
    expect((await visitor.goto(`/forms/${slug}`))?.status()).toBe(404);

    await page.goto(formPath);
    await page.getByLabel('Published: visitors can open and send the form').check();
    await page.getByRole('button', { name: 'Save the form' }).click();
    await expect.poll(() => page.getByText('The form has been saved.').count(), { timeout: 20_000 }).toBe(1);
  });

  it('a visitor sends the published form, and an owner reads it in the leads inbox', async () => {
    const visitor = await newPage();
    await visitor.goto(`/forms/${slug}`);
    await visitor.waitForLoadState('networkidle');
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await visitor.getByLabel('Garden size (optional)').selectOption('Medium');
    await visitor.getByLabel('Your name').fill(visitorName);
    await visitor.getByLabel('Email').fill(`gwen.${stamp}@example.com`);
    await visitor.getByRole('button', { name: 'Send survey' }).click();
    await expect
      .poll(() => visitor.getByRole('status').filter({ hasText: THANKS }).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    const page = await signedInStaff(owner, 'owner');
    await page.goto(formPath);
    await page.getByRole('link', { name: /Its submissions in the leads inbox/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('form')).toBe(formPath.split('/').pop());
    const rows = page.locator('.lead-inbox__table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain(`gwen.${stamp}@example.com`);
    expect(
      await page.getByLabel('Custom form').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).toBe(title);
    await expectNoAxeViolations(page);
  });
  it('works without JavaScript: a refused save shows its messages, and Move down is a plain post', async () => {
    const created = await staffCreate(['--email', noJsEditor.email, '--name', noJsEditor.name, '--role', 'editor']);
    expect(created.code, created.output).toBe(0);
    const page = await newPage({ javaScriptEnabled: false });
    await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
    await page.goto(formPath);
    // The second field given the first one's name: refused with the message, nothing saved.
    await page.locator('[name="field_1_name"]').fill('garden_size');
    await page.getByRole('button', { name: 'Save the form' }).click();
    await expect
      .poll(() => page.locator('.error-summary').textContent(), { timeout: 20_000 })
      .toContain('Each field needs its own name: "garden_size" is used twice');
    expect(await page.locator('[name="field_1_name"]').inputValue()).toBe('garden_size');

    await page.goto(formPath);
    await page.getByRole('button', { name: 'Move down Your name' }).click();
    // (No script runs on this page, so the labels are read one input at a time.)
    const labelsNoJs = () =>
      Promise.all([0, 1, 2].map((index) => page.locator(`[name="field_${index}_label"]`).inputValue()));
    await expect.poll(labelsNoJs, { timeout: 20_000 }).toEqual(['Garden size', 'Email', 'Your name']);
    expect(await page.locator('.admin-notice').textContent()).toBe('“Your name” moved down. The form has been saved.');
  });
});
