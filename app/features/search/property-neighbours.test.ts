import { describe, expect, it } from 'vitest';
import { createSearch } from './search-model.ts';
import { findPropertyLinks, type SearchPage } from './property-neighbours.ts';

const card = (id: number) => ({
  property_id: id,
  property_url: `/properties/p-${id}`,
  display_address: `Address ${id}`,
});
const pages: Record<number, SearchPage> = {
  1: { properties: [card(1), card(2), card(3)], pagination: { has_next_page: true, has_prev_page: false } },
  2: { properties: [card(4), card(5), card(6)], pagination: { has_next_page: false, has_prev_page: true } },
};
const fetchPage = async (page: number) => pages[page] ?? null;

describe('findPropertyLinks', () => {
  it('links to the neighbours on the same page', async () => {
    expect(await findPropertyLinks(createSearch({ page: 1 }), 2, fetchPage)).toEqual({ prev: card(1), next: card(3) });
  });

  it('crosses page boundaries in both directions', async () => {
    expect((await findPropertyLinks(createSearch({ page: 1 }), 3, fetchPage)).next).toEqual(card(4));
    expect((await findPropertyLinks(createSearch({ page: 2 }), 4, fetchPage)).prev).toEqual(card(3));
  });

  it('has no link at the ends or when the property is not in the search', async () => {
    expect((await findPropertyLinks(createSearch({ page: 1 }), 1, fetchPage)).prev).toBeNull();
    expect((await findPropertyLinks(createSearch({ page: 2 }), 6, fetchPage)).next).toBeNull();
    expect(await findPropertyLinks(createSearch({ page: 1 }), 99, fetchPage)).toEqual({ prev: null, next: null });
  });

  it('follows the visitor onto the next or previous page when the property is no longer on the search page', async () => {
    expect(await findPropertyLinks(createSearch({ page: 1 }), 4, fetchPage)).toEqual({
      prev: card(3),
      next: card(5),
      page: 2,
    });
    expect(await findPropertyLinks(createSearch({ page: 2 }), 3, fetchPage)).toEqual({
      prev: card(2),
      next: card(4),
      page: 1,
    });
  });
});
