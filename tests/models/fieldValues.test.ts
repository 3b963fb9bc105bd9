import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateFieldValues, isEmptyValue, emptyValueOf } from '../../models/fieldValues';
import { FIELD_TYPES, OPTION_FIELD_TYPES, type FieldType, type ModelField } from '../../models/contentModel';

const field = (type: FieldType, extra: Partial<ModelField> = {}): ModelField => ({
  id: 1,
  model_id: 1,
  name: `f_${type}`,
  title: type,
  type,
  required: false,
  default_value: null,
  options: OPTION_FIELD_TYPES.includes(type) ? [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] : [],
  placeholder: '',
  sort: 0,
  ...extra,
});

/** A value that fits a field of the type (as a form would send it). */
function goodValueArb(f: ModelField): fc.Arbitrary<unknown> {
  const opts = f.options.map((o) => o.value);
  switch (f.type) {
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map(String));
    case 'select':
    case 'radio':
      return fc.constantFrom(...opts);
    case 'checkbox':
      return fc.subarray(opts, { minLength: 1 });
    case 'switch':
      return fc.constantFrom(true, false, 1, 0, '1', '0', 'true', 'false');
    case 'date':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16));
    case 'image':
    case 'file':
      return fc.constantFrom('/uploads/a.png', 'https://cdn.example.com/x.jpg', 'http://a.b/c');
    case 'images':
      return fc.array(fc.constantFrom('/uploads/a.png', 'https://cdn.example.com/x.jpg'), { minLength: 1, maxLength: 5 });
    default:
      return fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== '');
  }
}

const optionsArb = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 5 }).map((vs) => vs.map((v) => ({ value: v, label: v.toUpperCase() })));
const fieldArb: fc.Arbitrary<ModelField> = fc
  .record({ type: fc.constantFrom(...FIELD_TYPES), required: fc.boolean(), options: optionsArb, i: fc.nat(1000) })
  .map(({ type, required, options, i }) => field(type, { name: `f${i}_${type}`, required, options: OPTION_FIELD_TYPES.includes(type) ? options : [] }));
const fieldsArb = fc.uniqueArray(fieldArb, { selector: (f) => f.name, maxLength: 8 });
const anyValue = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant('javascript:alert(1)'), fc.constant('2024-02-30'));

describe('field values', () => {
  it('answers one value per field, dropping names that are not fields', () => {
    fc.assert(
      fc.property(fieldsArb, fc.dictionary(fc.string(), anyValue), (fields, values) => {
        const out = validateFieldValues(fields, values);
        expect(Object.keys(out.values).sort()).toEqual(fields.map((f) => f.name).sort());
        for (const name of Object.keys(out.errors)) expect(fields.some((f) => f.name === name)).toBe(true);
      }),
    );
  });

  it('whatever comes in, what goes out has the shape of its type and stays within the options', () => {
    fc.assert(
      fc.property(fieldsArb, fc.array(anyValue, { maxLength: 8 }), (fields, raw) => {
        const values = Object.fromEntries(fields.map((f, i) => [f.name, raw[i]]));
        const out = validateFieldValues(fields, values).values;
        for (const f of fields) {
          const v = out[f.name];
          const opts = f.options.map((o) => o.value);
          switch (f.type) {
            case 'number':
              expect(v === null || (typeof v === 'number' && Number.isFinite(v))).toBe(true);
              break;
            case 'switch':
              expect(typeof v).toBe('boolean');
              break;
            case 'checkbox':
              expect(Array.isArray(v) && (v as string[]).every((x) => opts.includes(x))).toBe(true);
              break;
            case 'images':
              expect(Array.isArray(v) && (v as string[]).every((x) => /^(https?:\/\/|\/(?!\/))/.test(x))).toBe(true);
              break;
            case 'select':
            case 'radio':
              expect(v === '' || opts.includes(v as string)).toBe(true);
              break;
            case 'image':
            case 'file':
              expect(v === '' || /^(https?:\/\/|\/(?!\/))/.test(v as string)).toBe(true);
              break;
            default:
              expect(typeof v).toBe('string');
          }
        }
      }),
    );
  });

  it('values that fit pass without errors, and checking the result again changes nothing', () => {
    const caseArb = fieldsArb.chain((fields) =>
      fc.tuple(fc.constant(fields), fc.tuple(...fields.map((f) => goodValueArb(f))) as fc.Arbitrary<unknown[]>),
    );
    fc.assert(
      fc.property(caseArb, ([fields, good]) => {
        const values = Object.fromEntries(fields.map((f, i) => [f.name, good[i]]));
        const first = validateFieldValues(fields, values);
        expect(first.errors).toEqual({});
        const second = validateFieldValues(fields, first.values);
        expect(second).toEqual(first);
      }),
    );
  });

  it('a required field left empty fails as required unless it has a default, which is then used', () => {
    fc.assert(
      fc.property(fieldArb, fc.constantFrom(undefined, null, '', '   ', []), (f, empty) => {
        const required = { ...f, required: true };
        const out = validateFieldValues([required], { [f.name]: empty });
        expect(out.errors[f.name]).toBe('validation.required');
        expect(out.values[f.name]).toEqual(emptyValueOf(f.type));
      }),
    );
    const withDefault = field('number', { required: true, default_value: '7' });
    expect(validateFieldValues([withDefault], {})).toEqual({ values: { f_number: 7 }, errors: {} });
  });

  it('an optional field left empty holds the empty value of its type', () => {
    for (const type of FIELD_TYPES) {
      const out = validateFieldValues([field(type)], {});
      expect(out.errors).toEqual({});
      expect(isEmptyValue(out.values[`f_${type}`]) || out.values[`f_${type}`] === false).toBe(true);
    }
  });

  it('coerces what forms send and refuses what does not fit', () => {
    const fields = [
      field('number'),
      field('checkbox'),
      field('datetime'),
      field('switch'),
      field('images'),
      field('select'),
      field('image'),
      field('date'),
      field('text'),
    ];
    const ok = validateFieldValues(fields, {
      f_number: ' 12.5 ',
      f_checkbox: ['b', 'a', 'b'],
      f_datetime: '2024-05-01T08:30',
      f_switch: '1',
      f_images: '/uploads/one.png',
      f_select: 'a',
      f_image: ' /uploads/x.png ',
      f_date: '2024-02-29',
      f_text: '  hello ',
      stray: 'dropped',
    });
    expect(ok).toEqual({
      values: {
        f_number: 12.5,
        f_checkbox: ['a', 'b'],
        f_datetime: '2024-05-01 08:30:00',
        f_switch: true,
        f_images: ['/uploads/one.png'],
        f_select: 'a',
        f_image: '/uploads/x.png',
        f_date: '2024-02-29',
        f_text: 'hello',
      },
      errors: {},
    });
    const bad = validateFieldValues(fields, {
      f_number: 'twelve',
      f_checkbox: ['a', 'z'],
      f_datetime: '2024-05-01 25:00',
      f_switch: 'maybe',
      f_images: ['javascript:alert(1)'],
      f_select: 'z',
      f_image: '//evil.example.com/x.png',
      f_date: '2023-02-29',
      f_text: { html: true },
    });
    expect(bad.errors).toEqual({
      f_number: 'validation.fieldNumber',
      f_checkbox: 'validation.fieldOption',
      f_datetime: 'validation.fieldDatetime',
      f_switch: 'validation.fieldBoolean',
      f_images: 'validation.fieldUrl',
      f_select: 'validation.fieldOption',
      f_image: 'validation.fieldUrl',
      f_date: 'validation.fieldDate',
      f_text: 'validation.fieldText',
    });
  });
});
