import { IMPORT_HEADERS } from '../../../models/contentImport';
import type { ModelField } from '../../../models/contentModel';
import type { ContentSave } from '../../../models/content';
import { ContentSave as ContentSaveSchema } from '../../../models/content';
import { fieldSentence, parseLocalized, type ValidationLocale } from '../../../models/validationMessages';
import { validateFieldValues } from '../../../models/fieldValues';
import { headerText, type Sheet } from './sheet';

/** Where a file column goes: a built-in content field, or `fields.<name>` of a model field. */
export interface Mapping {
  header: string;
  field: string;
}

/** Matches file columns to content fields by name, in English or Chinese, then to model fields by name or title. */
export function mapHeaders(headers: readonly string[], fields: readonly ModelField[]): { mapping: Mapping[]; ignored: string[] } {
  const mapping: Mapping[] = [];
  const ignored: string[] = [];
  const taken = new Set<string>();
  for (const header of headers) {
    const h = headerText(header.trim()).trim().toLowerCase();
    const builtIn = Object.entries(IMPORT_HEADERS).find(([, names]) => names.includes(h))?.[0];
    const model = fields.find((f) => f.name.toLowerCase() === h || f.title.trim().toLowerCase() === h);
    const field = builtIn ?? (model ? `fields.${model.name}` : undefined);
    if (field && !taken.has(field)) {
      mapping.push({ header, field });
      taken.add(field);
    } else ignored.push(header);
  }
  return { mapping, ignored };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A body cell: HTML as is (the content server sanitises it), plain text as paragraphs. */
export function bodyHtml(text: string): string {
  if (/<[a-z][\s\S]*>/i.test(text)) return text;
  return text
    .split(/\r?\n\s*\r?\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}

const PUBLISHED = ['1', 'published', 'publish', 'yes', '已发布', '发布', '是'];

/** The save body of one row (before validation). */
export function rowBody(cells: Record<string, string>, mapping: readonly Mapping[], categoryId: number): Record<string, unknown> {
  const body: Record<string, unknown> = { category_id: categoryId, fields: {} };
  for (const { header, field } of mapping) {
    const value = cells[header] ?? '';
    if (field.startsWith('fields.')) {
      if (value !== '') (body.fields as Record<string, unknown>)[field.slice(7)] = value;
    } else if (field === 'body') body.body = bodyHtml(value);
    else if (field === 'status') body.status = PUBLISHED.includes(value.toLowerCase()) ? 1 : 2;
    else if (field === 'tags') body.tags = value.split(/[,，;；|]/).map((s) => s.trim()).filter(Boolean);
    else if (field === 'sort') body.sort = value === '' ? 0 : value;
    else if (field === 'published_at') {
      if (value) body.published_at = value;
    } else body[field] = value;
  }
  return body;
}

export interface CheckedRow {
  row: number;
  title: string;
  body: ContentSave | null;
  errors: Array<{ field: string; message: string }>;
}

/** Validates every row with the same rules a save uses (the shared schema and the model's fields), in the caller's words. */
export function checkRows(sheet: Sheet, mapping: readonly Mapping[], fields: readonly ModelField[], categoryId: number, locale: ValidationLocale): CheckedRow[] {
  const titles = new Map(fields.map((f) => [`fields.${f.name}`, f.title]));
  const named: ValidationLocale = { ...locale, label: (field) => titles.get(field) ?? locale.label?.(field) };
  return sheet.rows.map(({ row, cells }) => {
    const raw = rowBody(cells, mapping, categoryId);
    const errors: CheckedRow['errors'] = [];
    const parsed = parseLocalized(ContentSaveSchema, raw, named);
    if (!parsed.success) for (const issue of parsed.issues) errors.push({ field: issue.field.split('.')[0]!, message: issue.message });
    const checked = validateFieldValues(fields, (raw.fields ?? {}) as Record<string, unknown>);
    for (const [name, key] of Object.entries(checked.errors)) errors.push({ field: `fields.${name}`, message: fieldSentence(named, `fields.${name}`, key) });
    return { row, title: String(raw.title ?? ''), body: errors.length || !parsed.success ? null : { ...parsed.data, fields: checked.values }, errors };
  });
}
