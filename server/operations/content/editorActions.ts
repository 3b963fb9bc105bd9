import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { innerLinks, prohibitedWords, siteKeywords } from '../../db/schema/index';
import type { AuthContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { currentSiteId } from '../sites';
import { manageableContent } from './access';
import { isEmptyContent } from './htmlFragment';
import { insertInnerLinks } from './innerLinks';
import { markProhibitedWords } from './wordMarks';
import { extractDescription } from './description';
import { localizeImages } from './images';
import { STATUS_ACTIVE } from '../../../models/common';
import type { ImageLocalResult, WordSearchResult } from '../../../models/content';

// The rich-text editor's four server actions. Each refuses content with no text and no image.

interface ActionContext {
  app: FastifyInstance;
  req: FastifyRequest;
  auth: AuthContext;
}

function requireContent(html: string) {
  if (isEmptyContent(html)) throw badRequest('content.empty');
}

/** Links the site's live keywords (first occurrence each) and counts the links made. */
export async function addInnerLinks({ app, req, auth }: ActionContext, body: { website_id: number; content: string; sub_id: number }): Promise<string> {
  const siteId = currentSiteId(req, auth, body.website_id);
  if (body.sub_id > 0) await manageableContent(app.ctx.db, auth, body.sub_id);
  requireContent(body.content);
  const rules = await app.ctx.db
    .select({ id: innerLinks.id, keyword: innerLinks.keyword, url: innerLinks.url, newWindow: innerLinks.newWindow, weight: innerLinks.weight })
    .from(innerLinks)
    .where(and(eq(innerLinks.siteId, siteId), eq(innerLinks.status, STATUS_ACTIVE), isNull(innerLinks.deletedAt)))
    .orderBy(asc(innerLinks.id));
  // Active site keywords switched to "use as internal link" join the rules; on equal weight and length the
  // internal-link list comes first (orderRules keeps one rule per keyword).
  const keywords = await app.ctx.db
    .select({ id: siteKeywords.id, keyword: siteKeywords.name, url: siteKeywords.link, weight: siteKeywords.weight })
    .from(siteKeywords)
    .where(and(eq(siteKeywords.siteId, siteId), eq(siteKeywords.status, STATUS_ACTIVE), eq(siteKeywords.innerLink, true)))
    .orderBy(asc(siteKeywords.id));
  const { html, linked } = insertInnerLinks(body.content, [
    ...rules.map((r) => ({ ...r, newWindow: r.newWindow === 1 })),
    ...keywords.map((k) => ({ id: k.id, keyword: k.keyword, url: k.url, weight: k.weight, newWindow: true, source: 'keyword' as const })),
  ]);
  const ids = linked.filter((r) => r.source !== 'keyword').map((r) => r.id!);
  const keywordIds = linked.filter((r) => r.source === 'keyword').map((r) => r.id!);
  if (ids.length) await app.ctx.db.update(innerLinks).set({ linkCount: sql`${innerLinks.linkCount} + 1` }).where(inArray(innerLinks.id, ids));
  if (keywordIds.length) await app.ctx.db.update(siteKeywords).set({ linkCount: sql`${siteKeywords.linkCount} + 1` }).where(inArray(siteKeywords.id, keywordIds));
  return html;
}

export async function searchProhibitedWords({ app }: ActionContext, body: { content: string }): Promise<WordSearchResult> {
  requireContent(body.content);
  const words = await app.ctx.db.select().from(prohibitedWords).orderBy(asc(prohibitedWords.id));
  return markProhibitedWords(body.content, words.map((w) => ({ word: w.word, paraphrase: w.paraphrase, type: w.type, level: w.level === 2 ? 2 : 1 })));
}

export async function localizeRemoteImages({ app, req, auth }: ActionContext, body: { content: string }): Promise<ImageLocalResult> {
  const siteId = currentSiteId(req, auth);
  requireContent(body.content);
  return localizeImages(app, { siteId, adminId: auth.adminId }, body.content, req.lang);
}

export function describeContent(body: { content: string }): string {
  requireContent(body.content);
  return extractDescription(body.content);
}
