import { createRequire } from 'node:module';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { load } from 'cheerio';
import type { Jieba, TfIdf } from '@node-rs/jieba';
import { categories, contents, contentTags, tags } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { iso, likeText, offsetOf } from '../db/listing';
import { canManageSite } from './sites';
import { tagAlias } from '../resources/tag';
import type { AttachResult, ContentPick, SuggestResult, TagSuggestion } from '../../models/tagGenerator';

// The tag generator: keywords of a content item's title and body by jieba's TF-IDF extraction, proposed
// as tags and attached on request. The 11 MB dictionary loads once, on first use.

const require = createRequire(import.meta.url);
let segmenter: { jieba: Jieba; tfidf: TfIdf } | null = null;
function jieba() {
  if (!segmenter) {
    const { Jieba: JiebaClass, TfIdf: TfIdfClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict, idf } = require('@node-rs/jieba/dict') as { dict: Uint8Array; idf: Uint8Array };
    segmenter = { jieba: JiebaClass.withDict(dict), tfidf: TfIdfClass.withDict(idf) };
  }
  return segmenter;
}

/** Keywords come from the start of very long bodies: segmenting megabytes would hold the event loop. */
const TEXT_MAX_CHARS = 50_000;

/** Parts of speech kept as tag candidates: nouns, names, places, organisations, nominal verbs, English words. */
const NOUN_TAGS = ['n', 'nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz', 'vn', 'eng', 'l', 'j'];

/** The readable text of a rich-text body, block elements kept apart. */
export function plainText(html: string): string {
  const $ = load(html);
  $('script,style').remove();
  $('br,p,div,li,h1,h2,h3,h4,h5,h6,td,th,tr,blockquote,pre').after('\n');
  return $.root().text().replace(/[ \t]+/g, ' ').trim();
}

/** Words segmented whole from now on: the sites' tag names (jieba's stock dictionary lacks 云计算, 大数据…). */
const learned = new Set<string>();
function learnWords(words: string[]) {
  const fresh = words.filter((w) => !learned.has(w) && [...w].length >= 2 && !/\s/.test(w));
  if (!fresh.length) return;
  jieba().jieba.loadDict(Buffer.from(fresh.map((w) => `${w} ${LEARNED_WORD_FREQUENCY} n`).join('\n')));
  for (const w of fresh) learned.add(w);
}
/** Frequency given to learned words: high enough to win over splitting them, like a common dictionary word. */
const LEARNED_WORD_FREQUENCY = 2000;
/** Keywords found in the title weigh this much more. */
const TITLE_BOOST = 1.5;

/**
 * Keywords of a title and body, best first, by jieba's TF-IDF extraction. Its dictionary splits many
 * compounds (机器学习 → 机器 + 学习), so two keywords standing side by side at least twice in the body are
 * joined into one phrase, weighted as the sum of their per-occurrence weights; what the parts weigh on
 * their own shrinks by the joined occurrences.
 */
export function extractKeywords(title: string, body: string, limit: number): Array<{ name: string; weight: number }> {
  const { jieba: j, tfidf } = jieba();
  const text = `${title}\n${body}`;
  const all = new Map(tfidf.extractKeywords(j, text, 500).map((k) => [k.keyword, k.weight]));
  const counts = new Map<string, number>();
  for (const t of j.cut(text, true)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const tokens = j.cut(body, true);
  const pairs = new Map<string, { a: string; b: string; n: number }>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (!all.has(a) || !all.has(b)) continue;
    const key = `${a}\u0000${b}`;
    const pair = pairs.get(key) ?? { a, b, n: 0 };
    pair.n++;
    pairs.set(key, pair);
  }
  const ranked = new Map<string, number>();
  const joined = new Map<string, number>();
  const perOccurrence = (w: string) => (all.get(w) ?? 0) / (counts.get(w) ?? 1);
  for (const { a, b, n: inBody } of pairs.values()) {
    if (inBody < 2) continue;
    const n = inBody + (title.includes(a + b) ? 1 : 0);
    ranked.set(a + b, Math.max(ranked.get(a + b) ?? 0, n * (perOccurrence(a) + perOccurrence(b))));
    joined.set(a, (joined.get(a) ?? 0) + n);
    joined.set(b, (joined.get(b) ?? 0) + n);
  }
  for (const k of tfidf.extractKeywords(j, text, limit * 3, NOUN_TAGS)) {
    if (ranked.has(k.keyword) || /^\d+$/.test(k.keyword)) continue;
    const n = counts.get(k.keyword) ?? 1;
    const weight = (k.weight * Math.max(0, n - (joined.get(k.keyword) ?? 0))) / n;
    if (weight > 0) ranked.set(k.keyword, weight);
  }
  return [...ranked]
    .map(([name, weight]) => [name, title.includes(name) ? weight * TITLE_BOOST : weight] as const)
    .filter(([name]) => [...name].length >= 2 && [...name].length <= 50)
    .sort((x, y) => y[1] - x[1])
    .slice(0, limit)
    .map(([name, weight]) => ({ name, weight: Math.round(weight * 10000) / 10000 }));
}

/** A live content item the admin may manage, or 404/403. */
async function manageableContent(db: Executor, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ id: contents.id, title: contents.title, body: contents.body, siteId: contents.siteId })
    .from(contents)
    .where(and(eq(contents.id, id), isNull(contents.deletedAt)));
  if (!row) throw notFound();
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  return row;
}

async function attachedTags(db: Executor, contentId: number) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(contentTags)
    .innerJoin(tags, eq(tags.id, contentTags.tagId))
    .where(and(eq(contentTags.contentId, contentId), isNull(tags.deletedAt)))
    .orderBy(asc(tags.sort), asc(tags.id));
}

/**
 * Proposed tags for a content item: its keywords (the site's tag names are segmented whole), then the
 * site's existing tags that appear verbatim in the text; each marked with the site's tag of that name and
 * whether the item has it.
 */
export async function suggestTags(db: Executor, auth: AuthContext, contentId: number, limit: number): Promise<SuggestResult> {
  const content = await manageableContent(db, auth, contentId);
  const siteTags = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.siteId, content.siteId), isNull(tags.deletedAt)));
  learnWords(siteTags.map((t) => t.name));
  const body = plainText(content.body).slice(0, TEXT_MAX_CHARS);
  const keywords = extractKeywords(content.title, body, limit);
  const byName = new Map(siteTags.map((t) => [t.name, t.id]));
  const current = await attachedTags(db, content.id);
  const attachedIds = new Set(current.map((t) => t.id));
  const suggestion = (name: string, weight: number): TagSuggestion => {
    const tagId = byName.get(name) ?? null;
    return { name, weight, tag_id: tagId, attached: tagId !== null && attachedIds.has(tagId) };
  };
  const suggestions = keywords.map((k) => suggestion(k.name, k.weight));
  const lower = `${content.title}\n${body}`.toLowerCase();
  for (const t of siteTags) {
    if (suggestions.length >= limit * 2) break;
    if (!suggestions.some((s) => s.name === t.name) && lower.includes(t.name.toLowerCase())) suggestions.push(suggestion(t.name, 0));
  }
  return { content: { id: content.id, title: content.title, site_id: content.siteId }, tags: current, suggestions };
}

/** Attaches tags by name to a content item, creating the names its site does not have yet. */
export async function attachTags(db: Executor, auth: AuthContext, contentId: number, names: string[]): Promise<AttachResult & { title: string }> {
  const content = await manageableContent(db, auth, contentId);
  const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  return db.transaction(async (tx) => {
    const liveTags = () =>
      tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.siteId, content.siteId), inArray(tags.name, wanted), isNull(tags.deletedAt)));
    const existing = await liveTags();
    const missing = wanted.filter((n) => !existing.some((t) => t.name === n));
    // A name created meanwhile by someone else is simply reused.
    const created = missing.length
      ? await tx
          .insert(tags)
          .values(missing.map((name) => ({ siteId: content.siteId, name, alias: tagAlias(name) })))
          .onConflictDoNothing()
          .returning({ id: tags.id })
      : [];
    const all = created.length === missing.length ? [...existing, ...created] : await liveTags();
    const inserted = await tx
      .insert(contentTags)
      .values(all.map((t) => ({ contentId: content.id, tagId: t.id })))
      .onConflictDoNothing()
      .returning({ tagId: contentTags.tagId });
    return { created: created.length, attached: inserted.length, title: content.title };
  });
}

/** The current site's live content to pick from, newest first, with their tags. */
export async function contentsToTag(db: Executor, siteId: number, q: { page: number; limit: number; keyword?: string }) {
  const where = and(eq(contents.siteId, siteId), isNull(contents.deletedAt), q.keyword ? ilike(contents.title, likeText(q.keyword)) : undefined);
  const [total] = await db.select({ n: count() }).from(contents).where(where);
  const rows = await db
    .select({ id: contents.id, title: contents.title, categoryTitle: sql<string>`coalesce(${categories.title}, '')`, updatedAt: contents.updatedAt })
    .from(contents)
    .leftJoin(categories, eq(categories.id, contents.categoryId))
    .where(where)
    .orderBy(desc(contents.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  const ids = rows.map((r) => r.id);
  const tagRows = ids.length
    ? await db
        .select({ contentId: contentTags.contentId, name: tags.name })
        .from(contentTags)
        .innerJoin(tags, eq(tags.id, contentTags.tagId))
        .where(and(inArray(contentTags.contentId, ids), isNull(tags.deletedAt)))
        .orderBy(asc(tags.sort), asc(tags.id))
    : [];
  const picks: ContentPick[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    category_title: r.categoryTitle,
    tags: tagRows.filter((t) => t.contentId === r.id).map((t) => t.name),
    updated_at: iso(r.updatedAt)!,
  }));
  return { rows: picks, count: Number(total?.n ?? 0) };
}
