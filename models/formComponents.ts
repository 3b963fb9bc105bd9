import { GRID_COLUMNS } from './constants';
import { FIELD_NAME_PATTERN, FORM_COMPONENT_TYPES, IMAGE_LIMIT, RATE_COUNT_DEFAULT, UPLOAD_LIMIT_MAX, type FormComponentType, type FormRule } from './formRules';

// The form designer's palette: the components in the order the palette shows them, and the rule a
// component starts as when it is dropped on the 24-column canvas. Limits of the file pickers live here
// so the designer chart, its panel and its tests agree: an image picker holds one image, an upload at
// most DESIGNER_ATTACHMENT_LIMIT files.

/** The palette shows the components in the rule format's own order. */
export const PALETTE: readonly FormComponentType[] = FORM_COMPONENT_TYPES;

/** The most files a picker of this kind may hold: one image, or up to the designer's attachment limit. */
export function pickerLimit(type: FormComponentType, wanted: unknown): number | undefined {
  if (type === 'image') return IMAGE_LIMIT;
  if (type !== 'upload') return undefined;
  const n = typeof wanted === 'number' && Number.isFinite(wanted) ? Math.round(wanted) : UPLOAD_LIMIT_MAX;
  return Math.min(Math.max(n, 1), UPLOAD_LIMIT_MAX);
}

export interface GridPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The height in grid rows a component starts with. */
export function defaultHeight(type: FormComponentType): number {
  if (type === 'textarea' || type === 'upload' || type === 'image') return 2;
  if (type === 'richText') return 3;
  return 1;
}

/** Where a rule sits on the canvas (attrs.grid), or null when it has no place yet. */
export function gridOf(rule: FormRule): GridPlace | null {
  const g = (rule.attrs as { grid?: Partial<GridPlace> } | undefined)?.grid;
  if (!g || typeof g.x !== 'number' || typeof g.y !== 'number') return null;
  const w = typeof g.w === 'number' ? g.w : GRID_COLUMNS;
  const h = typeof g.h === 'number' ? g.h : 1;
  return { x: g.x, y: g.y, w, h };
}

/** The rule with its place on the canvas, kept inside the 24 columns. */
export function placed(rule: FormRule, place: GridPlace): FormRule {
  const w = Math.min(Math.max(Math.round(place.w), 1), GRID_COLUMNS);
  const x = Math.min(Math.max(Math.round(place.x), 0), GRID_COLUMNS - w);
  const grid = { x, y: Math.max(Math.round(place.y), 0), w, h: Math.max(Math.round(place.h), 1) };
  return { ...rule, attrs: { ...(rule.attrs ?? {}), grid } };
}

const sampleOptions = (prefix: string) => [
  { label: `${prefix} 1`, value: '1' },
  { label: `${prefix} 2`, value: '2' },
];

/** The rule a component starts as: `title` in the admin's language, `field` unique in the form. */
export function newRule(type: FormComponentType, field: string, title: string): FormRule {
  const base: FormRule = { type, field, title, validate: [], props: {} };
  switch (type) {
    case 'radio':
    case 'checkbox':
    case 'select':
      return { ...base, props: { options: sampleOptions(title) } };
    case 'cascader':
      return { ...base, props: { options: [{ label: `${title} 1`, value: '1', children: [{ label: `${title} 1-1`, value: '11' }] }] } };
    case 'number':
      return { ...base, props: { min: 0, max: 100, step: 1 } };
    case 'slider':
      return { ...base, props: { min: 0, max: 100, step: 1 } };
    case 'rate':
      return { ...base, props: { count: RATE_COUNT_DEFAULT } };
    case 'upload':
      return { ...base, props: { limit: UPLOAD_LIMIT_MAX } };
    case 'image':
      return { ...base, props: { limit: IMAGE_LIMIT } };
    case 'row':
      return { ...base, validate: undefined, children: [] };
    case 'divider':
      return { ...base, validate: undefined };
    default:
      return base;
  }
}

/** Every field name in the rules, nested rows included. */
export function fieldNames(rules: readonly FormRule[]): string[] {
  return rules.flatMap((r) => [r.field, ...fieldNames(r.children ?? [])]);
}

/**
 * The n-th candidate for a new field name, `field_` and four base-36 characters. Deterministic (the chart
 * stays pure and its tests repeatable) but scattered, so names do not read like positions.
 */
export function fieldCandidate(n: number): string {
  const scrambled = (Math.imul(n + 1, 2654435761) >>> 0) % 36 ** 4;
  return `field_${scrambled.toString(36).padStart(4, '0')}`;
}

export const FIELD_NAME = FIELD_NAME_PATTERN;
