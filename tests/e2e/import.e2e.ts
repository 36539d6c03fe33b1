import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();
const root = path.resolve(import.meta.dirname, '../..');
const sample = path.join(root, 'docs/examples/sample-feed.zip');
// A source of its own: the seed's listings have none and other sources are untouched, so withdrawal (a file is a
// full snapshot of its source) cannot reach anything another e2e file relies on.
const SOURCE = 'e2e-sample';

type Report = {
  status: string;
  counts: Record<'created' | 'updated' | 'unchanged' | 'withdrawn' | 'rejected', number>;
  records: Array<{ ref: string; outcome: string; url?: string }>;
};

const work = await mkdtemp(path.join(tmpdir(), 'doorstep-import-e2e-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** `npm run import` as an operator types it, beside the running e2e server (same data folder or database). */
async function runImport(reportName: string): Promise<{ code: number | null; output: string; report: Report }> {
  const reportFile = path.join(work, reportName);
  const child = spawn('npm', ['run', '--silent', 'import', '--', sample, '--source', SOURCE, '--report', reportFile], {
    cwd: root,
    env: { ...process.env, ...inject('serverEnv'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const report =
    code === 0 ? (JSON.parse(await readFile(reportFile, 'utf8')) as Report) : ({ records: [] } as unknown as Report);
  return { code, output, report };
}

describe('importing the sample feed into the running site', () => {
  let listingUrl = '';

  it('creates all 25 listings through the command (handed to the server when it holds PGlite)', async () => {
    const { code, output, report } = await runImport('first.json');
    expect(code, output).toBe(0);
    if (inject('serverEnv').PGLITE_DIR) expect(output).toMatch(/The server \(pid \d+\) holds the database/);
    expect(output).toMatch(/Applied: 25 created, 0 updated, 0 unchanged, 0 withdrawn, 0 rejected, \d+ warnings in /);
    expect(report.status).toBe('applied');
    expect(report.counts).toMatchObject({ created: 25, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });
    // A listing for sale and available (the sample's first, BAT_00001, is one).
    const first = report.records.find((entry) => entry.ref === 'BAT_00001');
    expect(first?.outcome).toBe('created');
    expect(first?.url).toMatch(new RegExp(`^${baseURL}/properties/[a-z0-9-]+$`));
    listingUrl = new URL(first!.url!).pathname;
  }, 120_000);

  it('finds the imported listing by its postcode, shows its photos and floorplan, and passes axe', async () => {
    const html = await (await fetch(`${baseURL}${listingUrl}`)).text();
    const postcode = /"postalCode":"([^"]+)"/.exec(html)?.[1];
    expect(postcode).toMatch(/^BA1 \d[A-Z]{2}$/);

    const page = await newPage();
    await page.goto(`/search?channel=sales&status=all&q=${encodeURIComponent(postcode!)}`);
    const card = page.locator(`.property-card__title a[href="${listingUrl}"]`);
    await card.click();
    await page.waitForURL(`${baseURL}${listingUrl}`);
    expect(await page.locator('h1.property-header__title').textContent()).toMatch(/, Bath$/);

    // The gallery: every photo the listing shows is served (the imported originals, resized on demand).
    const trigger = page.getByRole('link', { name: /^View all \d+ photos?$/ });
    expect(await trigger.textContent()).toBe('View all 4 photos');
    await trigger.click();
    await page.waitForURL(`${baseURL}${listingUrl}/property-images`);
    const gallery = page.locator('dialog.modal');
    await expect.poll(() => gallery.evaluate((element) => element.matches(':modal'))).toBe(true);
    const counter = gallery.locator('.gallery__counter');
    for (let photo = 1; photo <= 4; photo += 1) {
      await expect.poll(() => counter.textContent()).toBe(`Photo ${photo} / 4`);
      const image = gallery.locator('.gallery__image');
      expect(await image.getAttribute('src')).toMatch(/\/media\/[^"]*imports\/[0-9a-f]{64}\.jpg/);
      await expect
        .poll(() =>
          image.evaluate(
            (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth,
          ),
        )
        .toBeGreaterThan(0);
      if (photo === 1) await expectNoAxeViolations(page);
      await gallery.getByRole('button', { name: 'Next image' }).click();
    }
    await gallery.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.url()).toBe(`${baseURL}${listingUrl}`);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: /^Floorplans?$/ }).click();
    await page.waitForURL(`${baseURL}${listingUrl}/floorplan`);
    const plan = page.locator('dialog.modal .gallery__image');
    expect(await plan.getAttribute('alt')).toMatch(/^Floorplan 1 of 1/);
    await expect
      .poll(() =>
        plan.evaluate(
          (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth,
        ),
      )
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  it('finds the same file unchanged on a second import', async () => {
    const { code, output, report } = await runImport('again.json');
    expect(code, output).toBe(0);
    expect(output).toMatch(/Applied: 0 created, 0 updated, 25 unchanged, 0 withdrawn, 0 rejected, \d+ warnings in /);
    expect(report.counts).toMatchObject({ created: 0, updated: 0, unchanged: 25, withdrawn: 0, rejected: 0 });
  }, 120_000);
});
