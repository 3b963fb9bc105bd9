import type { Executor } from '../../db/client';
import { conflict } from '../../http/errors';
import { storedFlows, stepsInForce } from './flows';
import { CONTENT_PUBLISHED } from '../../../models/content';

// Where a column's flow has steps, only the audit publishes: saving, editing or the list's status actions
// cannot turn unpublished content into published content unless its audit state is already 'published'.

export interface PublishTarget {
  siteId: number;
  categoryId: number;
  title: string;
  /** The stored status (null for content not created yet). */
  status: number | null;
  /** The stored audit state ('draft' for content not created yet). */
  checkStatus: string;
}

/** Refuses (409, naming the first item) to publish any of `targets` that needs an audit it has not passed. */
export async function requireAuditToPublish(db: Executor, targets: PublishTarget[]) {
  const candidates = targets.filter((t) => t.status !== CONTENT_PUBLISHED && t.checkStatus !== 'published');
  if (!candidates.length) return;
  const flows = await storedFlows(db, candidates.map((t) => t.siteId));
  const blocked = candidates.find((t) => stepsInForce(flows, t.siteId, t.categoryId).length > 0);
  if (blocked) throw conflict('audit.publishNeedsAudit', { title: blocked.title });
}
