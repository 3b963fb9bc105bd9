import { describe, expect, it } from 'vitest';
import { contentIdsOf, StaticGenerate, staticGenRequest } from '../../models/staticGen';

describe('what static generation is asked to do', () => {
  it('a site run needs nothing more; a column run its column; a content run its ids', () => {
    const none = { categoryId: null, ids: [] };
    expect(staticGenRequest({ scope: 'site', ...none })).toEqual({ scope: 'site' });
    expect(staticGenRequest({ scope: 'column', ...none })).toBeNull();
    expect(staticGenRequest({ scope: 'column', categoryId: 9, ids: [1] })).toEqual({ scope: 'column', category_id: 9 });
    expect(staticGenRequest({ scope: 'content', ...none })).toBeNull();
    expect(staticGenRequest({ scope: 'content', categoryId: 9, ids: [3, 4] })).toEqual({ scope: 'content', ids: [3, 4] });
  });

  it('every request it makes is one the server accepts', () => {
    for (const choice of [
      { scope: 'site' as const, categoryId: null, ids: [] },
      { scope: 'column' as const, categoryId: 2, ids: [] },
      { scope: 'content' as const, categoryId: null, ids: [5] },
    ])
      expect(StaticGenerate.safeParse(staticGenRequest(choice)).success).toBe(true);
  });

  it('content ids typed as text: spaces and both kinds of commas, each id once, junk ignored', () => {
    expect(contentIdsOf('3, 4，5  3 x 0 -2 7')).toEqual([3, 4, 5, 7]);
    expect(contentIdsOf('')).toEqual([]);
  });
});
