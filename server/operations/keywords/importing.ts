import { and, eq, inArray } from 'drizzle-orm';
import { siteKeywords } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { badRequest } from '../../http/errors';
import { serverValidationLocale } from '../../http/validation';
import { translate } from '../../i18n/messages';
import type { Sheet } from '../contentImport/sheet';
import { parseLocalized } from '../../../models/validationMessages';
import { KEYWORD_ACTIVE, KEYWORD_HEADERS, KEYWORD_IMPORT_MAX_ROWS, KEYWORD_PAUSED, KeywordFields, type KeywordImportError, type KeywordImportResult } from '../../../models/keyword';
import type { Language } from '../../../models/language';

// Importing keywords from a CSV or Excel sheet: headers in English or Chinese (KEYWORD_HEADERS); valid rows
// are added, every other row is reported with its number and the reason.

type Field = keyof typeof KEYWORD_HEADERS;
const FIELDS = Object.keys(KEYWORD_HEADERS) as Field[];

/** The label a row error names a field by: the file's own header words. */
export const keywordFieldLabel = (lang: Language, field: string) => {
  const names = KEYWORD_HEADERS[field as Field];
  return names ? (lang === 'zh' ? names[1] : names[0]) : undefined;
};

const STATUS_WORDS: Record<string, number> = { '1': KEYWORD_ACTIVE, '2': KEYWORD_PAUSED, active: KEYWORD_ACTIVE, paused: KEYWORD_PAUSED, 启用: KEYWORD_ACTIVE, 暂停: KEYWORD_PAUSED };
const YES = new Set(['1', 'yes', 'y', 'true', '是', '开启']);

function columnsOf(headers: string[]): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const found = headers.find((h) => (KEYWORD_HEADERS[field] as readonly string[]).some((n) => n.toLowerCase() === h.toLowerCase()));
    if (found) out[field] = found;
  }
  return out;
}

export async function importKeywords(db: Executor, siteId: number, sheet: Sheet, lang: Language): Promise<KeywordImportResult> {
  const cols = columnsOf(sheet.headers);
  if (!cols.name || !cols.link) throw badRequest('import.noHeader');
  if (sheet.rows.length > KEYWORD_IMPORT_MAX_ROWS) throw badRequest('import.tooManyRows', { max: KEYWORD_IMPORT_MAX_ROWS });
  const locale = { ...serverValidationLocale(lang), label: (f: string) => keywordFieldLabel(lang, f) };
  const errors: KeywordImportError[] = [];
  const accepted = new Map<string, { row: number; values: ReturnType<typeof KeywordFields.parse> }>();
  for (const { row, cells } of sheet.rows) {
    const cell = (f: Field) => (cols[f] ? (cells[cols[f]!] ?? '').trim() : '');
    const name = cell('name');
    const status = cell('status');
    if (status !== '' && !(status.toLowerCase() in STATUS_WORDS)) {
      errors.push({ row, name, message: translate(lang, 'keyword.importStatus') });
      continue;
    }
    const parsed = parseLocalized(
      KeywordFields,
      {
        name,
        link: cell('link'),
        weight: cell('weight') === '' ? undefined : cell('weight'),
        status: status === '' ? undefined : STATUS_WORDS[status.toLowerCase()],
        inner_link: YES.has(cell('inner_link').toLowerCase()),
      },
      locale,
    );
    if (!parsed.success) {
      errors.push({ row, name, message: parsed.issues[0]!.message });
      continue;
    }
    const first = accepted.get(parsed.data.name);
    if (first) {
      errors.push({ row, name, message: translate(lang, 'keyword.importRepeated', { row: first.row }) });
      continue;
    }
    accepted.set(parsed.data.name, { row, values: parsed.data });
  }
  const candidates = [...accepted.values()];
  const existing = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const names = candidates.slice(i, i + 500).map((c) => c.values.name);
    const rows = await db.select({ name: siteKeywords.name }).from(siteKeywords).where(and(eq(siteKeywords.siteId, siteId), inArray(siteKeywords.name, names)));
    for (const r of rows) existing.add(r.name);
  }
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.values.name)) return true;
    errors.push({ row: c.row, name: c.values.name, message: translate(lang, 'keyword.importExists') });
    return false;
  });
  for (let i = 0; i < fresh.length; i += 500) {
    await db.insert(siteKeywords).values(
      fresh.slice(i, i + 500).map(({ values: v }) => ({ siteId, name: v.name, link: v.link, weight: v.weight, status: v.status, innerLink: v.inner_link })),
    );
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: sheet.rows.length, imported: fresh.length, errors };
}
