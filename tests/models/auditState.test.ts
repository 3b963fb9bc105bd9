import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUDIT_STATES, shownAuditState } from '../../models/audit';

describe('the audit state a list shows', () => {
  it('live content without a pending or rejected review reads as published; everything else as stored', () => {
    expect(shownAuditState('draft', 1)).toBe('published');
    expect(shownAuditState('draft', 2)).toBe('draft');
    expect(shownAuditState('none', 2)).toBe('draft');
    fc.assert(
      fc.property(fc.constantFrom(...AUDIT_STATES), fc.constantFrom(1, 2), (state, status) => {
        const shown = shownAuditState(state, status);
        if (state === 'reviewing' || state === 'rejected' || state === 'published') expect(shown).toBe(state);
        else expect(shown).toBe(status === 1 ? 'published' : 'draft');
      }),
    );
  });
});
