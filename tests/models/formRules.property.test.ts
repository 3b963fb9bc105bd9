import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFormValues, FormDesign, parseFormDesignJson, type FormRule } from '../../models/formRules';

// The form rule engine accepts exactly what the rules allow. The oracle below is written from the rule
// definition (models/formRules.ts contract), not from the engine: for generated rules and values the engine's
// errors name exactly the fields the oracle refuses, and it stores exactly the values the oracle keeps.

type Case = { rules: FormRule[]; values: Record<string, unknown> };

const OPTIONS = ['a', 'b', 'c', 'd'];
const optionList = OPTIONS.map((v) => ({ label: v.toUpperCase(), value: v }));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const inputRule = (field: string) =>
  fc.record({ required: fc.boolean(), min: maybe(fc.integer({ min: 0, max: 5 })), max: maybe(fc.integer({ min: 0, max: 8 })) }).map(
    (v): FormRule => ({ field, title: `T${field}`, type: 'input', validate: [{ required: v.required }, { min: v.min, max: v.max }].map(clean) }),
  );
const numberRule = (field: string) =>
  fc.record({ required: fc.boolean(), min: maybe(fc.integer({ min: -10, max: 10 })), max: maybe(fc.integer({ min: -10, max: 20 })) }).map(
    (v): FormRule => ({ field, title: `T${field}`, type: 'number', validate: [{ required: v.required, min: v.min, max: v.max }].map(clean) }),
  );
const radioRule = (field: string) =>
  fc.record({ required: fc.boolean(), options: fc.subarray(optionList, { minLength: 1 }) }).map(
    (v): FormRule => ({ field, title: `T${field}`, type: 'radio', validate: [{ required: v.required }], props: { options: v.options } }),
  );
const checkboxRule = (field: string) =>
  fc.record({ required: fc.boolean(), min: maybe(fc.integer({ min: 0, max: 3 })), max: maybe(fc.integer({ min: 0, max: 4 })) }).map(
    (v): FormRule => ({ field, title: `T${field}`, type: 'checkbox', validate: [{ required: v.required, min: v.min, max: v.max }].map(clean), props: { options: optionList } }),
  );
function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const textValue = fc.oneof(fc.constant(undefined), fc.constant(''), fc.constant('  '), fc.string({ maxLength: 10 }), fc.integer());
const numberValue = fc.oneof(fc.constant(undefined), fc.constant(''), fc.integer({ min: -20, max: 30 }), fc.integer({ min: -20, max: 30 }).map(String), fc.constant('abc'), fc.constant(' 7 '));
const choiceValue = fc.oneof(fc.constant(undefined), fc.constant(''), fc.constantFrom(...OPTIONS, 'zzz'), fc.integer({ min: 0, max: 3 }));
const checkboxValue = fc.oneof(fc.constant(undefined), fc.constant([]), fc.constantFrom(...OPTIONS), fc.array(fc.constantFrom(...OPTIONS, 'zzz'), { maxLength: 5 }));

/** Up to four fields of random kinds; a radio may control the next field; values of any shape, and unknown keys. */
const caseArb: fc.Arbitrary<Case> = fc
  .array(fc.constantFrom('input', 'number', 'radio', 'checkbox'), { minLength: 1, maxLength: 4 })
  .chain((kinds) => {
    const rules = kinds.map((k, i) => ({ input: inputRule, number: numberRule, radio: radioRule, checkbox: checkboxRule })[k as 'input'](`f${i}`));
    const values = kinds.map((k) => ({ input: textValue, number: numberValue, radio: choiceValue, checkbox: checkboxValue })[k as 'input']);
    return fc.record({
      rules: fc.tuple(...rules),
      values: fc.tuple(...values),
      controlled: fc.boolean(),
      controlValue: fc.constantFrom(...OPTIONS),
      extra: fc.boolean(),
    });
  })
  .map(({ rules, values, controlled, controlValue, extra }) => {
    const list = rules.map((r) => ({ ...r }));
    const radio = list.findIndex((r, i) => r.type === 'radio' && i < list.length - 1);
    if (controlled && radio >= 0) list[radio] = { ...list[radio]!, control: [{ value: controlValue, rule: [list[radio + 1]!.field] }] };
    const record: Record<string, unknown> = {};
    values.forEach((v, i) => {
      if (v !== undefined) record[`f${i}`] = v;
    });
    if (extra) record.unknown = 'x';
    return { rules: list, values: record };
  });

// ---------------------------------------------------------------- the oracle

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const limits = (rule: FormRule) => {
  const items = rule.validate ?? [];
  return {
    required: items.some((i) => i.required),
    mins: items.map((i) => i.min).filter((x): x is number => x !== undefined),
    maxes: items.map((i) => i.max).filter((x): x is number => x !== undefined),
  };
};
const within = (n: number, mins: number[], maxes: number[]) => mins.every((m) => n >= m) && maxes.every((m) => n <= m);

/** What the rule definition says of one shown field: refused, or the value stored (undefined: nothing stored). */
function oracleField(rule: FormRule, raw: unknown): { ok: false } | { ok: true; value: unknown } {
  const { required, mins, maxes } = limits(rule);
  if (blank(raw)) return required ? { ok: false } : { ok: true, value: undefined };
  const allowed = ((rule.props?.options ?? []) as { value: string }[]).map((o) => o.value);
  switch (rule.type) {
    case 'input':
      return typeof raw === 'string' && within(raw.length, mins, maxes) ? { ok: true, value: raw } : { ok: false };
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      return Number.isFinite(n) && within(n, mins, maxes) ? { ok: true, value: n } : { ok: false };
    }
    case 'radio':
      return allowed.includes(String(raw)) ? { ok: true, value: String(raw) } : { ok: false };
    case 'checkbox': {
      const list = (Array.isArray(raw) ? raw : [raw]).map(String);
      if (!list.every((v) => allowed.includes(v))) return { ok: false };
      const unique = [...new Set(list)];
      return within(unique.length, mins, maxes) ? { ok: true, value: unique } : { ok: false };
    }
    default:
      return { ok: false };
  }
}

function oracle({ rules, values }: Case) {
  const errors = new Set<string>();
  const stored: Record<string, unknown> = {};
  /** A shown field's accepted value (undefined when blank or refused): what a control compares. */
  const accepted = new Map<string, unknown>();
  for (const rule of rules) {
    // Controllers come before the fields they control; a field is shown when each rule that controls it is
    // shown and holds a value equal to the control's.
    const controllers = rules.filter((r) => r.control?.some((c) => c.rule.includes(rule.field)));
    const visible = controllers.every((c) => accepted.has(c.field) && c.control!.some((x) => x.rule.includes(rule.field) && accepted.get(c.field) === x.value));
    if (!visible) continue;
    const r = oracleField(rule, values[rule.field]);
    if (r.ok && r.value !== undefined) accepted.set(rule.field, r.value);
    if (!r.ok) errors.add(rule.field);
    else if (r.value !== undefined) stored[rule.field] = r.value;
  }
  return { errors, stored };
}

describe('the form rule engine', () => {
  it('accepts exactly what the rules allow and stores exactly the allowed values', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const got = checkFormValues(c.rules, c.values, 'en');
        const want = oracle(c);
        expect(new Set(Object.keys(got.errors))).toEqual(want.errors);
        expect(got.values).toEqual(want.stored);
      }),
      { numRuns: 400 },
    );
  });

  it('names each refused field by its title, in both languages', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom('zh' as const, 'en' as const), (c, lang) => {
        const got = checkFormValues(c.rules, c.values, lang);
        for (const [field, message] of Object.entries(got.errors)) expect(message).toContain(`T${field}`);
      }),
      { numRuns: 200 },
    );
  });

  it('a custom message replaces the default sentence; file fields hold at most 10 files, an image field one', () => {
    const rules: FormRule[] = [{ field: 'n', title: 'Name', type: 'input', validate: [{ required: true, message: 'Tell us who you are' }, { max: 3, message: 'Too long!' }] }];
    expect(checkFormValues(rules, {}, 'en').errors.n).toBe('Tell us who you are');
    expect(checkFormValues(rules, { n: 'abcdef' }, 'en').errors.n).toBe('Too long!');
    expect(checkFormValues([{ field: 'n', title: '姓名', type: 'input', validate: [{ required: true }] }], {}, 'zh').errors.n).toBe('姓名为必填项');
    const image: FormRule[] = [{ field: 'logo', title: 'Logo', type: 'image' }];
    expect(checkFormValues(image, { logo: ['/a.png', '/b.png'] }, 'en').errors.logo).toBe('Logo: at most one image may be selected');
    expect(checkFormValues(image, { logo: '/a.png' }, 'en').values.logo).toEqual([{ name: 'a.png', url: '/a.png' }]);
    const files: FormRule[] = [{ field: 'f', title: 'Files', type: 'upload', props: { limit: 50 } }];
    expect(checkFormValues(files, { f: Array.from({ length: 11 }, (_, i) => `/f${i}.txt`) }, 'en').errors.f).toBe('Files may have at most 10 items');
    expect(checkFormValues(files, { f: ['javascript:alert(1)'] }, 'en').errors.f).toBe('Files is not in a valid format');
  });

  it('a design survives JSON export and import unchanged', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const design = FormDesign.parse({ rules: c.rules });
        const back = parseFormDesignJson(JSON.stringify(design));
        expect(back).toEqual({ ok: true, design });
      }),
      { numRuns: 100 },
    );
    expect(parseFormDesignJson('{not json').ok).toBe(false);
    expect(parseFormDesignJson('{"rules":[{"field":"1bad","title":"x","type":"input"}]}').ok).toBe(false);
  });
});
