import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hydrated } from './browser.ts';

/** A listing as `/search.ljson` lists it: the fields the journeys use. */
export type SearchListing = { property_url: string; property_id: number; status: string };

/** One page of a search, through the spec's JSON call. */
export async function searchListings(baseURL: string, query: string): Promise<SearchListing[]> {
  const response = await fetch(`${baseURL}/search.ljson?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { properties: SearchListing[] }).properties;
}

/**
 * Walks the listings as a visitor would, page by page, until a property page shows what the test needs: the demo
 * agency's listings vary, so a journey asks for a kind of page rather than a fixed address.
 */
export async function findPropertyPage(
  baseURL: string,
  query: string,
  wanted: (html: string) => boolean,
  pages = 12,
): Promise<{ url: string; html: string }> {
  for (let page = 1; page <= pages; page += 1) {
    for (const listing of await searchListings(baseURL, `${query}&page=${page}`)) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      if (wanted(html)) return { url: listing.property_url, html };
    }
  }
  throw new Error(`no property page for ${query} matched`);
}

/**
 * Declines optional cookies when the banner is showing, as most visitors do; it would cover what a test clicks.
 * Pressed before React has taken over, the button posts the banner's no-JavaScript form and reloads the page under
 * the test: it waits for the page to be interactive first.
 */
export async function rejectCookies(page: Page): Promise<void> {
  await hydrated(page);
  const reject = page.getByRole('button', { name: /Reject/ });
  if (await reject.isVisible().catch(() => false)) await reject.click();
}
