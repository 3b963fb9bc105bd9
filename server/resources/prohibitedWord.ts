import { and, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { prohibitedWords } from '../db/schema/index';
import type { Executor } from '../db/client';
import { badRequest, conflict } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { translate, type MessageKey } from '../i18n/messages';
import { tableResource } from './table';
import { serverValidationLocale } from '../http/validation';
import { fieldLabel } from '../../models/validationMessages';
import { prohibitedWordResource } from '../../models/resources/marketing';
import {
  ProhibitedWordFields,
  WORD_IMPORT_MAX_LINES,
  type ProhibitedWord,
  type WordImportError,
  type WordImportResult,
} from '../../models/prohibitedWord';
import type { Language } from '../../models/language';

// The prohibited-word dictionary (/ProhibitedWord/index): global, words unique, deleted for good.

type WordRow = typeof prohibitedWords.$inferSelect;

const toWord = (r: WordRow): ProhibitedWord => ({
  id: r.id,
  word: r.word,
  paraphrase: r.paraphrase,
  type: r.type,
  level: r.level as 1 | 2,
  created_at: iso(r.createdAt)!,
});

export const prohibitedWordServerResource = tableResource({
  def: prohibitedWordResource,
  table: prohibitedWords,
  columns: { id: prohibitedWords.id },
  title: prohibitedWords.word,
  toApi: toWord,
  toValues: (b) => ({ word: b.word, paraphrase: b.paraphrase, type: b.type, level: b.level }),
  where: (q) => [
    q.word ? ilike(prohibitedWords.word, likeText(q.word)) : undefined,
    q.type ? ilike(prohibitedWords.type, likeText(q.type)) : undefined,
    q.level !== undefined ? eq(prohibitedWords.level, q.level) : undefined,
  ],
  orderBy: [desc(prohibitedWords.id)],
  async check({ db, current }, body) {
    const word = body.word as string;
    const [taken] = await db
      .select({ id: prohibitedWords.id })
      .from(prohibitedWords)
      .where(and(eq(prohibitedWords.word, word), current ? ne(prohibitedWords.id, current.id) : undefined));
    if (taken) throw conflict('prohibitedWord.taken', { word });
  },
});

/** One pasted line as "word,level,type,paraphrase" (ASCII or full-width commas; quotes allowed; extra commas stay in the paraphrase). */
function parseLine(line: string): { values?: { word: string; level: unknown; type: string; paraphrase: string }; error?: MessageKey } {
  let cells: string[];
  try {
    [cells = []] = parse(line, { delimiter: [',', '，'], relax_column_count: true, relax_quotes: true, trim: true }) as string[][];
  } catch {
    return { error: 'prohibitedWord.importLineFormat' };
  }
  const [word = '', level = '', type = '', ...rest] = cells;
  return { values: { word, level: level === '' ? undefined : level, type, paraphrase: rest.join(',') } };
}

/**
 * Imports pasted lines: valid ones are added, the others reported by line number with the reason
 * (bad format or level, too long, already in the dictionary, repeated in the paste).
 */
export async function importWords(db: Executor, text: string, lang: Language): Promise<WordImportResult> {
  const lines = text.split(/\r?\n/).map((raw, i) => ({ raw: raw.trim(), line: i + 1 })).filter((l) => l.raw !== '');
  if (lines.length > WORD_IMPORT_MAX_LINES) throw badRequest('prohibitedWord.importTooMany', { max: WORD_IMPORT_MAX_LINES });
  const errors: WordImportError[] = [];
  const fail = (line: number, raw: string, message: string) => errors.push({ line, text: raw, message });
  const accepted = new Map<string, { line: number; word: string; level: number; type: string; paraphrase: string }>();
  for (const { raw, line } of lines) {
    const { values, error } = parseLine(raw);
    if (error || !values) {
      fail(line, raw, translate(lang, error ?? 'prohibitedWord.importLineFormat'));
      continue;
    }
    const parsed = ProhibitedWordFields.safeParse(values);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? '');
      if (field === 'level') fail(line, raw, translate(lang, 'prohibitedWord.importLevel'));
      else if (field === 'word' && !values.word) fail(line, raw, translate(lang, 'prohibitedWord.importLineFormat'));
      else fail(line, raw, translate(lang, 'prohibitedWord.importTooLong', { field: fieldLabel(serverValidationLocale(lang), field) }));
      continue;
    }
    const first = accepted.get(parsed.data.word);
    if (first) {
      fail(line, raw, translate(lang, 'prohibitedWord.importRepeated', { line: first.line }));
      continue;
    }
    accepted.set(parsed.data.word, { line, ...parsed.data });
  }
  const candidates = [...accepted.values()];
  const existing = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500).map((c) => c.word);
    for (const r of await db.select({ word: prohibitedWords.word }).from(prohibitedWords).where(inArray(prohibitedWords.word, chunk))) existing.add(r.word);
  }
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.word)) return true;
    const raw = lines.find((l) => l.line === c.line)!.raw;
    fail(c.line, raw, translate(lang, 'prohibitedWord.importDuplicate'));
    return false;
  });
  for (let i = 0; i < fresh.length; i += 500) {
    await db.insert(prohibitedWords).values(fresh.slice(i, i + 500).map(({ word, level, type, paraphrase }) => ({ word, level, type, paraphrase })));
  }
  errors.sort((a, b) => a.line - b.line);
  return { imported: fresh.length, errors };
}
