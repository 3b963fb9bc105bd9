import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PositionCreate, neutraliseCell, positionListed } from '../../models/position';

// Recruitment rules shared by the server, the admin and the public pages.

describe('resume export cells', () => {
  it('a cell never starts with a formula character, and is the value itself once the guard quote is removed', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = neutraliseCell(value);
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(cell === value || cell === `'${value}`).toBe(true);
        if (/^[=+\-@\t\r]/.test(value)) expect(cell).toBe(`'${value}`);
      }),
    );
  });
});

describe('positions', () => {
  const now = new Date(2030, 5, 15, 12);
  it('is listed while open and until the end of its deadline day', () => {
    expect(positionListed({ status: 1, deadline: '' }, now)).toBe(true);
    expect(positionListed({ status: 1, deadline: '2030-06-15' }, now)).toBe(true);
    expect(positionListed({ status: 1, deadline: '2030-06-14' }, now)).toBe(false);
    expect(positionListed({ status: 2, deadline: '' }, now)).toBe(false);
  });

  it('a salary range needs a top no lower than its bottom unless it is negotiable', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(100_000), fc.nat(100_000), (negotiable, min, max) => {
        const ok = PositionCreate.safeParse({ title: 'x', cate_id: 1, city_id: 1, negotiable, salary_min: min, salary_max: max }).success;
        expect(ok).toBe(negotiable || (max > 0 && max >= min));
      }),
    );
  });
});
