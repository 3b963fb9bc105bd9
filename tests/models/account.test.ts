import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { categoryIdFromParam } from '../../models/account';

describe('categoryIdFromParam', () => {
  it('returns the text after the last "="', () => {
    fc.assert(
      fc.property(fc.string(), fc.string().filter((s) => !s.includes('=')), (before, after) => {
        expect(categoryIdFromParam(`${before}=${after}`)).toBe(after);
      }),
    );
  });

  it('reads the id from the params the dynamic menu sends', () => {
    expect(categoryIdFromParam('category_id=12')).toBe('12');
    expect(categoryIdFromParam('type=2&category_id=7')).toBe('7');
    expect(categoryIdFromParam('category_id=')).toBe('');
  });

  it('keeps a param without "=" whole', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes('=')), (param) => {
        expect(categoryIdFromParam(param)).toBe(param);
      }),
    );
  });
});
