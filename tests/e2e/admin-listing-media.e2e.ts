/**
 * The media manager end to end: a manager of the Bath branch creates a manual listing, uploads two photos at once
 * (the drop zone's scripted upload, with progress), puts the second first by keyboard (Move up, focus staying on the
 * button), publishes the listing, and a visitor finds it by search with that photo on the card and the page. The
 * photos can also be dragged into order, and without JavaScript the upload and the moves are plain form posts.
 * The media page passes axe at desktop and phone widths.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser, hydrated } from './browser.ts';
import { authenticatorCode, completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'copper willow lantern orchard';
const stamp = Date.now();
const manager = { email: `e2e-media-manager-${stamp}@agency.example`, name: `Meg Media ${stamp}` };
// A street name no seeded listing has: letters only, from the run's time.
const street = `${[...String(stamp).slice(-7)].map((digit) => 'npqrstvwxz'[Number(digit)]).join('')}ford Lane`;

async function photo(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function expectAxeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Drags start on the picture (the item's buttons and fields are for the keyboard). */
const ON_PICTURE = { sourcePosition: { x: 40, y: 40 }, targetPosition: { x: 40, y: 40 } };

/** The stored photo URLs in the order the media page lists them. */
async function photoOrder(page: Page): Promise<string[]> {
  return page
    .locator('#media-photo-title ~ ol .media-item__image')
    .evaluateAll((images) =>
      images.map((image) => (image as HTMLImageElement).src.replace(/^.*\/media\/\d+x\d+\//, '')),
    );
}

describe('listing media manager', () => {
  it('a manager creates a manual listing with photos, orders them by keyboard, publishes it, and a visitor finds it', async () => {
    const created = await staffCreate([
      '--email',
      manager.email,
      '--name',
      manager.name,
      '--role',
      'manager',
      '--branch',
      'bath',
    ]);
    expect(created.code, created.output).toBe(0);
    const page = await newPage();
    const secret = await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);

    await page.goto('/admin/listings/new');
    await page.getByLabel('Reference', { exact: true }).fill(`E2E-MEDIA-${stamp}`);
    await page.getByLabel('Style', { exact: true }).fill('Cottage');
    await page.getByLabel('Bedrooms', { exact: true }).fill('2');
    await page.getByLabel('Address shown on the site').fill(`${street}, Bath`);
    await page.getByLabel('First line of the address').fill(`3 ${street}`);
    await page.getByLabel('Town', { exact: true }).fill('Bath');
    await page.getByLabel('Postcode', { exact: true }).fill('BA2 4AB');
    await page.getByLabel('Price or rent (£)').fill('295000');
    await page.getByLabel('Council tax', { exact: true }).selectOption({ label: 'A council tax band' });
    await page.getByLabel('Council tax band').selectOption({ label: 'Band B' });
    await page.getByLabel('Tenure', { exact: true }).selectOption({ label: 'Freehold' });
    await page.getByLabel('Summary', { exact: true }).fill('A cottage by the river');
    await page.getByRole('button', { name: 'Create the listing' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toMatch(/^\/admin\/listings\/\d+$/);
    const listingPath = pathOf(page);

    await page.getByRole('link', { name: /^Photos and files/ }).click();
    await expect.poll(() => pathOf(page)).toBe(`${listingPath}/media`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Photos and files');

    // Two photos at once through the drop zone's input; the scripted upload goes on to the page with the notice.
    await page.getByLabel('Photos, floor plans, EPC charts or PDF brochures').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 200, g: 60, b: 40 }) },
      { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 40, g: 160, b: 60 }) },
    ]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect
      .poll(() => page.getByText('2 files uploaded. The site shows them now.').count(), { timeout: 30_000 })
      .toBe(1);
    await hydrated(page);
    const uploaded = await photoOrder(page);
    expect(uploaded).toHaveLength(2);
    // The thumbnails are real pictures: the media route makes the size they ask for.
    await expect
      .poll(
        () =>
          page
            .locator('#media-photo-title ~ ol .media-item__image')
            .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
        { timeout: 20_000 },
      )
      .toBe(true);
    await expectAxeAtBothWidths(page);

    // The keyboard's way to reorder: Move up on the second photo, pressed with Enter; focus comes back to the item.
    const moveUp = page.getByRole('button', { name: 'Move up: Photo 2 of 2' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => photoOrder(page), { timeout: 20_000 }).toEqual([uploaded[1], uploaded[0]]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move down: Photo 1 of 2');
    expect(await page.locator('.media-item__position strong').count()).toBe(1);
    await expectNoAxeViolations(page);

    // Dragging does the same with a pointer: the first photo dropped on the second, and back. The window is tall
    // enough to hold both, as a drag that scrolls the page midway is not what a person does with a mouse.
    await page.setViewportSize({ width: 1280, height: 2400 });
    await hydrated(page);
    expect(await page.locator('#media-photo-title ~ p.listing-muted').textContent()).toContain('Drag a picture');
    await page
      .locator('#media-photo-title ~ ol > li')
      .nth(0)
      .dragTo(page.locator('#media-photo-title ~ ol > li').nth(1), ON_PICTURE);
    await expect.poll(() => photoOrder(page), { timeout: 20_000 }).toEqual([uploaded[0], uploaded[1]]);
    // The drop posted the form: the new order is on a new page, which takes drags once its scripts have run.
    await hydrated(page);
    await page
      .locator('#media-photo-title ~ ol > li')
      .nth(1)
      .dragTo(page.locator('#media-photo-title ~ ol > li').nth(0), ON_PICTURE);
    await expect.poll(() => photoOrder(page), { timeout: 20_000 }).toEqual([uploaded[1], uploaded[0]]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(listingPath);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.getByText('The listing is published: visitors can find it now.').count(), { timeout: 20_000 })
      .toBe(1);

    // A visitor searches for the street: the card shows the photo put first, and so does the page.
    const mainPhoto = uploaded[1]!;
    const visitor = await newPage();
    await visitor.goto('/search');
    await visitor.getByLabel('Town, area or postcode').fill(street);
    await visitor.getByRole('button', { name: 'Update results' }).click();
    const card = visitor.locator('.property-card', { hasText: street });
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card.locator('img').first().getAttribute('src'), { timeout: 20_000 }).toContain(mainPhoto);
    await card.locator('.property-card__title a').click();
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toContain(street);
    await expect
      .poll(() => visitor.locator(`img[src*="${mainPhoto}"]`).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const loaded = await visitor.evaluate(async (url) => (await fetch(url)).status, `/media/${mainPhoto}`);
    expect(loaded).toBe(200);

    // Without JavaScript the upload is a plain multipart form, and Move down a plain post.
    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.goto(`/admin/sign-in?next=${encodeURIComponent(`${listingPath}/media`)}`);
    await noScript.getByLabel('Email address').fill(manager.email);
    await noScript.getByLabel('Password').fill(PASSWORD);
    await noScript.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => noScript.getByRole('heading', { name: 'Enter your code' }).count()).toBe(1);
    await noScript.getByLabel('Code').fill(authenticatorCode(secret, 30));
    await noScript.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(noScript)).toBe(`${listingPath}/media`);
    await noScript
      .getByLabel('Photos, floor plans, EPC charts or PDF brochures')
      .setInputFiles([{ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 30, g: 30, b: 200 }) }]);
    await noScript.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect
      .poll(() => noScript.getByText('1 file uploaded. The site shows them now.').count(), { timeout: 30_000 })
      .toBe(1);
    expect(await photoOrder(noScript)).toHaveLength(3);
    // Without scripts nothing is offered for dragging: the hint names the buttons only.
    expect(await noScript.locator('#media-photo-title ~ ol > li[draggable="true"]').count()).toBe(0);
    expect(await noScript.locator('#media-photo-title ~ p.listing-muted').textContent()).toBe(
      'Use a picture’s Move up and Move down buttons to change the order. The first photo is the main one.',
    );
    await noScript.getByRole('button', { name: 'Move down: Photo 1 of 3' }).click();
    await expect.poll(async () => (await photoOrder(noScript))[1], { timeout: 20_000 }).toBe(mainPhoto);
  }, 240_000);
});
