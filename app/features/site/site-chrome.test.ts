import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './site-chrome.server.ts';

describe('buildMenuTree', () => {
  it('nests children under parents and keeps order', () => {
    const tree = buildMenuTree([
      { id: 1, parentId: null, name: 'Buy', url: '/buy', target: 'S' },
      { id: 2, parentId: 1, name: 'For sale', url: '/search', target: 'S' },
      { id: 3, parentId: 2, name: 'Auctions', url: '/auctions', target: 'B' },
      { id: 4, parentId: null, name: 'Rent', url: '/rent', target: 'S' },
    ]);
    expect(tree.map((item) => item.name)).toEqual(['Buy', 'Rent']);
    expect(tree[0]?.items[0]?.name).toBe('For sale');
    expect(tree[0]?.items[0]?.items[0]).toMatchObject({ name: 'Auctions', target: 'B' });
  });

  it('treats an orphan as a top-level item rather than losing it', () => {
    expect(buildMenuTree([{ id: 5, parentId: 99, name: 'Orphan', url: '/', target: 'S' }])).toHaveLength(1);
  });
});
