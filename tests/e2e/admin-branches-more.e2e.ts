/**
 * More of the branch editor end to end, as a manager of Harrogate (set up through `npm run staff:create`): the map
 * pin dragged with the mouse, and nudged with the arrow keys, writes the position fields; a department and a staff
 * profile added in the back office show on the public branch page at once, and go again when removed; the profile's
 * photo, uploaded as a file, shows on the branch page and in the "Contact …" panel. Every page passes axe.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const PASSWORD = 'harbour lantern meadow amber';
const stamp = Date.now();
const BRANCH = 'harrogate';

async function publicHtml(path: string): Promise<string> {
  return (await fetch(`${baseURL}${path}`)).text();
}

async function signedInManager(page: Page, email: string): Promise<void> {
  const created = await staffCreate([
    '--email',
    email,
    '--name',
    `Hattie Manager ${stamp}`,
    '--role',
    'manager',
    '--branch',
    BRANCH,
  ]);
  expect(created.code, created.output).toBe(0);
  await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
}

async function openBranch(page: Page): Promise<void> {
  await page.goto('/admin/branches');
  await page.locator('.admin-table tbody tr').getByRole('link', { name: 'Harrogate', exact: true }).click();
  await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/branches\/\d+$/);
}

describe('branch editor: map, departments and staff profiles', () => {
  it('dragging the pin, or nudging it with the arrow keys, writes the position fields', async () => {
    const page = await newPage();
    await signedInManager(page, `e2e-branch-pin-${stamp}@agency.example`);
    await openBranch(page);
    const latitude = page.getByLabel('Latitude');
    const longitude = page.getByLabel('Longitude');
    const pin = page.locator('.branch-position__pin');
    await pin.waitFor({ timeout: 20_000 });
    await pin.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    const before = { lat: Number(await latitude.inputValue()), lng: Number(await longitude.inputValue()) };

    const box = (await pin.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 20, y + 20, { steps: 4 });
    await page.mouse.move(x + 60, y + 50, { steps: 8 });
    await page.mouse.up();
    // Down and to the right: further south and further east.
    await expect.poll(async () => Number(await latitude.inputValue())).toBeLessThan(before.lat);
    expect(Number(await longitude.inputValue())).toBeGreaterThan(before.lng);

    // The keyboard way on the map: the pin takes focus, and an arrow key moves it north.
    const dragged = Number(await latitude.inputValue());
    await pin.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(dragged);

    // Typing in the fields moves the pin back (it follows them).
    const pinBefore = await pin.boundingBox();
    await latitude.fill(String(before.lat));
    await longitude.fill(String(before.lng));
    await longitude.press('Tab');
    await expect.poll(async () => (await pin.boundingBox())?.y).not.toBe(pinBefore?.y);
  }, 120_000);

  it('a manager adds a department and a staff profile, and both show on the branch page at once', async () => {
    const page = await newPage();
    await signedInManager(page, `e2e-branch-people-${stamp}@agency.example`);
    await openBranch(page);
    const branchPath = pathOf(page);
    // Into the shared page cache before the change.
    await publicHtml(`/branches/${BRANCH}`);

    const label = `Fine Art ${stamp % 100_000}`;
    await page.getByRole('link', { name: 'Add or remove departments' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Departments: Harrogate');
    await expectNoAxeViolations(page);
    await page.getByLabel('What the department does').selectOption('antiques');
    await page.getByLabel('Name on the site').fill(label);
    await page.getByLabel('Department telephone').fill('01632 960 777');
    await page.getByLabel('Department email address').fill('fineart@agency.example');
    await page.getByRole('button', { name: 'Add the department' }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The department has been added');
    await expect.poll(() => page.locator('.admin-table').textContent()).toContain(label);
    await expectNoAxeViolations(page);
    expect(await publicHtml(`/branches/${BRANCH}`)).toContain(label);

    // Added twice: the kind's message, on the page.
    await page.getByLabel('What the department does').selectOption('antiques');
    await page.getByLabel('Name on the site').fill('Again');
    await page.getByLabel('Department telephone').fill('01632 960 778');
    await page.getByLabel('Department email address').fill('again@agency.example');
    await page.getByRole('button', { name: 'Add the department' }).click();
    await expect
      .poll(() => page.locator('.error-summary').textContent(), { timeout: 20_000 })
      .toContain('This branch already has a department of this kind');

    const name = `Rowan Test${stamp % 100_000}`;
    await page.goto(`${branchPath}/staff`);
    await page.getByRole('link', { name: 'Add a staff profile' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Add a staff profile: Harrogate');
    await expectNoAxeViolations(page);
    await page.getByLabel('First name').fill('Rowan');
    await page.getByLabel('Surname').fill(`Test${stamp % 100_000}`);
    await page.getByLabel('Role title').fill('Fine Art Valuer');
    await page.getByLabel('About them').fill('Values paintings <b>and</b> prints.');
    await page.getByLabel('Telephone').fill('01632 960 779');
    await page.getByLabel('Email address').fill('rowan@agency.example');
    await page.getByRole('button', { name: 'Add the profile' }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The profile has been added');
    await expect.poll(() => page.locator('.admin-table').textContent()).toContain(name);
    await expectNoAxeViolations(page);

    // A photo for the new profile, uploaded as a file (a real multipart post).
    await page.getByRole('link', { name, exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    const profilePath = pathOf(page);
    const staffId = /\/staff\/(\d+)$/.exec(profilePath)?.[1];
    expect(staffId).toBeTruthy();
    await page.getByRole('link', { name: 'Add a photo' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Photo of ${name}`);
    await expectNoAxeViolations(page);
    const portrait = await sharp({
      create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'rowan.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await page.getByRole('button', { name: 'Upload the photo' }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The photo has been saved');
    const shown = await page.locator('.staff-photo__current').getAttribute('src');
    const photoFile = /\/staff\/([0-9a-f-]{36}\.jpg)$/.exec(shown ?? '')?.[1];
    expect(photoFile, shown ?? '').toBeTruthy();
    await expectNoAxeViolations(page);
    // Not an image: refused with the message, nothing changed.
    await page
      .getByLabel('A new photo')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
    await page.getByRole('button', { name: 'Upload the photo' }).click();
    await expect
      .poll(() => page.locator('.error-summary').textContent(), { timeout: 20_000 })
      .toContain('can be uploaded here');
    expect(await page.locator('.staff-photo__current').getAttribute('src')).toBe(shown);
    const image = await fetch(`${baseURL}/media/320x/staff/${photoFile}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    await page.goto(`${branchPath}/staff`);

    const visitor = await newPage();
    await visitor.goto(`/branches/${BRANCH}`);
    await expect.poll(() => visitor.locator('.staff-grid').textContent()).toContain(name);
    expect(await visitor.locator('.department-grid').textContent()).toContain(label);
    expect(await visitor.locator('.staff-card', { hasText: name }).locator('img').getAttribute('src')).toContain(
      photoFile,
    );
    await expectNoAxeViolations(visitor);
    // The profile's contact panel shows the photo too.
    expect(await publicHtml(`/contact-staff-member/${staffId}`)).toContain(photoFile);

    // Removed again (nothing points at either): gone from the site at once.
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The profile has been removed');
    await page.goto(`${branchPath}/departments`);
    await page.getByRole('button', { name: `Remove the ${label} department` }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The department has been removed');
    const after = await publicHtml(`/branches/${BRANCH}`);
    expect(after).not.toContain(label);
    expect(after).not.toContain(name);
  }, 180_000);
});
