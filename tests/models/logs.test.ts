import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MASK, SECRET_KEY_PATTERN, maskSecrets } from '../../models/logs';

/** Keys that name credentials; whatever else the pattern catches, these must always be masked. */
const CREDENTIAL = /pass|secret|token/i;

const key = fc.oneof(
  fc.constantFrom('password', 'newPassword', 'old_pass', 'PASSWD', 'token', 'accessToken', 'refresh_token', 'secret', 'clientSecret',
    'key_secret', 'name', 'title', 'account', 'code', 'site_id', 'content', 'passage_count'),
  fc.string({ maxLength: 8 }),
);
const leaf = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(''));
/** Log payloads up to the depth maskSecrets walks (8 levels below the top). */
const payload = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const unmasked = (v: unknown) => v === '' || v === null || v === undefined;

/** Walks input and output together: credentials masked, everything that is not secret unchanged. */
function expectMasked(input: unknown, output: unknown) {
  if (Array.isArray(input)) {
    expect(Array.isArray(output)).toBe(true);
    expect((output as unknown[]).length).toBe(input.length);
    input.forEach((v, i) => expectMasked(v, (output as unknown[])[i]));
    return;
  }
  if (input && typeof input === 'object') {
    const out = output as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(Object.keys(input));
    for (const [k, v] of Object.entries(input)) {
      if (CREDENTIAL.test(k)) expect(out[k], k).toBe(unmasked(v) ? v : MASK);
      else if (SECRET_KEY_PATTERN.test(k)) expect(out[k], k).toBe(unmasked(v) ? v : MASK);
      else expectMasked(v, out[k]);
    }
    return;
  }
  expect(output).toBe(input);
}

describe('maskSecrets', () => {
  it('masks every credential at any depth and leaves every other value equal', () => {
    fc.assert(
      fc.property(payload, (input) => {
        const before = structuredClone(input);
        expectMasked(input, maskSecrets(input));
        expect(input).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a credential through, however deep it is nested', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.constantFrom('password', 'token', 'app_secret'), fc.boolean(), (depth, name, viaArray) => {
        let value: unknown = { [name]: 'hunter2-secret-value', note: 'visible' };
        for (let i = 0; i < depth; i++) value = viaArray && i % 2 ? [value] : { level: value };
        expect(JSON.stringify(maskSecrets(value))).not.toContain('hunter2');
      }),
    );
  });

  it('masks a credential that holds an object or a number, not only strings', () => {
    expect(maskSecrets({ token: { value: 'x' }, password: 123456, list: [{ secret: 'y' }] })).toEqual({
      token: MASK,
      password: MASK,
      list: [{ secret: MASK }],
    });
  });
});
