/**
 * The Content Security Policy allows no inline styles ('unsafe-inline' is gone from style-src) and no inline
 * scripts without the nonce (a visitor's own pages) or their hash (shared pages, decision 026). Any markup the server renders with a style attribute, or a <style> or <script> without
 * the nonce, would be refused by the browser and reported as a securitypolicyviolation event: these journeys
 * collect every such event from the first byte of each page and expect none.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { salesListings } from './account-helpers.ts';
import { useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

type Violation = { directive: string; blocked: string; sample: string; source: string };

/** A page that records every CSP violation, from before its first script runs. */
async function watchedPage(options?: { width?: number; height?: number }): Promise<Page> {
  const page = await newPage(options);
  await page.addInitScript(() => {
    const violations: unknown[] = [];
    (window as unknown as { cspViolations: unknown[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return page;
}

/** The violations so far, once the page has loaded and had a moment to run its scripts and lazy chunks. */
async function violationsOf(page: Page): Promise<Violation[]> {
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

async function dismissCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: /accept/i }).first();
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

describe('Content Security Policy', () => {
  it('sends a style-src without unsafe-inline, with the nonce of the page', async () => {
    // A page of one visitor's own (the sign-in form is never shared): its inline code carries the nonce.
    const response = await fetch(`${baseURL}/user/sign-in`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const styleSrc = policy.split(';').find((directive) => directive.trim().startsWith('style-src')) ?? '';
    expect(styleSrc).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(styleSrc)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toContain(`<style nonce="${nonce}">:root{--colour-brand:`);
    expect(html).not.toMatch(/<[a-z][^>]* style="/i);
  });

  it('allows the inline code of a shared page by hash: no nonce, no unsafe-inline', async () => {
    const response = await fetch(`${baseURL}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('nonce-');
    expect(policy).not.toContain('unsafe-inline');
    const html = await response.text();
    expect(html).not.toContain(' nonce=');
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const directive = (name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(styles[0]).toMatch(/^:root\{--colour-brand:/);
    expect(scripts.length).toBeGreaterThan(0);
    for (const style of styles) expect(directive('style-src')).toContain(sha256(style));
    for (const script of scripts) expect(directive('script-src')).toContain(sha256(script));
    expect(html).not.toMatch(/<[a-z][^>]* style="/i);
  });

  it('raises no violation on the home page', async () => {
    const page = await watchedPage();
    await page.goto('/');
    await dismissCookies(page);
    expect(await violationsOf(page)).toEqual([]);
  });

  it('raises no violation on the search results and the map view', async () => {
    const page = await watchedPage({ width: 1280, height: 1000 });
    await page.goto('/search?channel=sales');
    await dismissCookies(page);
    await page.getByRole('link', { name: 'Map view' }).click();
    await page.waitForURL(/#\/map$/);
    await page.getByTestId('search-map').waitFor();
    await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await violationsOf(page)).toEqual([]);
  });

  it('raises no violation on a property page with its gallery open', async () => {
    let url = '';
    for (const listing of await salesListings(baseURL)) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      if (/\/property-images"/.test(html)) {
        url = listing.property_url;
        break;
      }
    }
    expect(url).not.toBe('');
    const page = await watchedPage();
    await page.goto(url);
    await dismissCookies(page);
    await page.getByRole('link', { name: /^View all \d+ photos?$/ }).click();
    await page.waitForURL(`${baseURL}${url}/property-images`);
    await page.locator('dialog.modal .gallery__image').waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await violationsOf(page)).toEqual([]);
  });

  it('raises no violation in a modal (book a valuation)', async () => {
    const page = await watchedPage();
    await page.goto('/book-a-valuation');
    await page.locator('dialog.modal').waitFor();
    expect(await violationsOf(page)).toEqual([]);
  });
});
