import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ParsedMail } from 'mailparser';
import { bodyText, messageKey } from '../../server/operations/mailbox/store';

// How a pulled message's body and identity are read: an HTML-only body becomes its text (markup, scripts and
// styles gone, words kept in order); a message without a Message-ID is known by sender, date and subject.

const word = fc.stringMatching(/^[A-Za-z0-9\u4e00-\u9fa5]{1,12}$/);
const tag = fc.constantFrom('p', 'div', 'b', 'span', 'li', 'h2', 'td');
const mail = (fields: Partial<ParsedMail>) => ({ attachments: [], ...fields }) as unknown as ParsedMail;

describe('reading a pulled message', () => {
  it('an HTML-only body becomes its words in order, with no markup, script or style left', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(tag, word), { minLength: 1, maxLength: 12 }), word, (parts, junk) => {
        const html = `<html><head><style>.x{color:red}</style></head><body>${parts.map(([t, w]) => `<${t}>${w}</${t}>`).join('')}<script>var ${junk}='<b>';</script></body></html>`;
        const text = bodyText(mail({ html }));
        expect(text).not.toMatch(/[<>]|color:|var /);
        let from = 0;
        for (const [, w] of parts) {
          const at = text.indexOf(w, from);
          expect(at, `${w} in ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(0);
          from = at + w.length;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a plain-text body is kept as written', () => {
    expect(bodyText(mail({ text: 'Line one\r\nLine two\n', html: '<p>ignored</p>' }))).toBe('Line one\nLine two');
  });

  it('without a Message-ID the key is the same for the same sender, date and subject, and differs otherwise', () => {
    fc.assert(
      fc.property(word, word, fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (subject, other, date) => {
        const from = { value: [{ address: 'a@b.example', name: 'A' }], text: 'A <a@b.example>', html: '' };
        const key = messageKey(mail({ from, date, subject }));
        expect(key).toMatch(/^hash:[0-9a-f]{64}$/);
        expect(messageKey(mail({ from, date, subject }))).toBe(key);
        if (other !== subject) expect(messageKey(mail({ from, date, subject: other }))).not.toBe(key);
      }),
      { numRuns: 100 },
    );
    expect(messageKey(mail({ messageId: '<x@y>' }))).toBe('<x@y>');
  });
});
