import { asc } from 'drizzle-orm';
import { prohibitedWords } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { escapeText } from '../content/htmlFragment';
import { markProhibitedWords, type ProhibitedWord } from '../content/wordMarks';
import type { AuditWord } from '../../../models/audit';

// The prohibited-word check of a content item (title and body), as the editor's wordSearch runs it:
// submitting for review refuses level-2 words and warns of level-1 words; the audit page shows the marks.

async function dictionary(db: Executor): Promise<ProhibitedWord[]> {
  const rows = await db.select().from(prohibitedWords).orderBy(asc(prohibitedWords.id));
  return rows.map((w) => ({ word: w.word, paraphrase: w.paraphrase, type: w.type, level: w.level === 2 ? 2 : 1 }));
}

export interface ContentWords {
  /** The body with the words found wrapped in <mark class="word-level-N">. */
  markedBody: string;
  /** Each word found once, level 2 first. */
  words: AuditWord[];
}

export async function checkContentWords(db: Executor, content: { title: string; body: string }): Promise<ContentWords> {
  const dict = await dictionary(db);
  const body = markProhibitedWords(content.body, dict);
  const title = markProhibitedWords(escapeText(content.title), dict);
  const found = new Map<string, AuditWord>();
  for (const w of [...title.word_list, ...body.word_list]) found.set(w.title, { title: w.title, level: w.level });
  const words = [...found.values()].sort((a, b) => b.level - a.level);
  return { markedBody: body.return_str, words };
}
