import { optLogs } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { maskSecrets } from '../../models/logs';

const MAX_CONTENT = 4000;

export interface OptLogEntry {
  operation: string;
  contentType: string;
  contentName?: string;
  content?: unknown;
  ip: string;
}

/** Records a mutating call: who, what, on which record; secrets masked, content capped. */
export async function writeOptLog(db: Executor, auth: AuthContext | null, entry: OptLogEntry) {
  let content = entry.content === undefined ? '' : JSON.stringify(maskSecrets(entry.content));
  if (content.length > MAX_CONTENT) content = content.slice(0, MAX_CONTENT) + '…';
  await db.insert(optLogs).values({
    adminId: auth?.adminId ?? null,
    adminName: auth ? `${auth.nickname} (${auth.account})` : '',
    operation: entry.operation,
    content,
    contentName: (entry.contentName ?? '').slice(0, 200),
    contentType: entry.contentType,
    ip: entry.ip,
  });
}
