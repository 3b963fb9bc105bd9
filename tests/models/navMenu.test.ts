import { describe, expect, it } from 'vitest';
import { moveAmongSiblings, navItemTarget, NavItemCreate } from '../../models/navMenu';

const rows = [
  { id: 1, parent_id: 0, sort: 0 },
  { id: 2, parent_id: 0, sort: 1 },
  { id: 3, parent_id: 0, sort: 1 },
  { id: 4, parent_id: 2, sort: 0 },
  { id: 5, parent_id: 2, sort: 5 },
];

describe('front-end menu items', () => {
  it('moves an item among its own siblings only, renumbering them', () => {
    expect(moveAmongSiblings(rows, 3, -1)).toEqual([
      { id: 1, parent_id: 0, sort: 0 },
      { id: 3, parent_id: 0, sort: 1 },
      { id: 2, parent_id: 0, sort: 2 },
    ]);
    expect(moveAmongSiblings(rows, 4, 1)).toEqual([
      { id: 5, parent_id: 2, sort: 0 },
      { id: 4, parent_id: 2, sort: 1 },
    ]);
    // Nothing to do past either end, or for an unknown item.
    expect(moveAmongSiblings(rows, 1, -1)).toEqual([]);
    expect(moveAmongSiblings(rows, 5, 1)).toEqual([]);
    expect(moveAmongSiblings(rows, 99, 1)).toEqual([]);
  });

  it('folds the form’s column or content choice into target_id', () => {
    expect(navItemTarget({ link_type: 'column', column_id: '7', content_id: 9 }).target_id).toBe(7);
    expect(navItemTarget({ link_type: 'content', column_id: 7, content_id: 9 }).target_id).toBe(9);
    expect(navItemTarget({ link_type: 'url', column_id: 7, content_id: 9 }).target_id).toBe(0);
  });

  it('needs a URL for a URL link and a target for a column or content link', () => {
    const base = { cate_id: 1, title: 'x' };
    expect(NavItemCreate.safeParse({ ...base, link_type: 'url', url: '/about' }).success).toBe(true);
    expect(NavItemCreate.safeParse({ ...base, link_type: 'url', url: '' }).error?.issues[0]?.path).toEqual(['url']);
    expect(NavItemCreate.safeParse({ ...base, link_type: 'column', target_id: 0 }).error?.issues[0]?.path).toEqual(['target_id']);
    expect(NavItemCreate.safeParse({ ...base, link_type: 'content', target_id: 3 }).success).toBe(true);
    expect(NavItemCreate.safeParse({ ...base, link_type: 'url', url: 'javascript:alert(1)' }).success).toBe(false);
  });
});
