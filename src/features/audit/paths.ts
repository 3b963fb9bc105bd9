// Where the audit screens live (spec §2). The content id always travels in the query string, as on the
// content edit pages:
// - /Content/checkList lists the site's content in review and opens /auditingContent?id=<content id>,
//   which returns to /Content/checkList;
// - /contentCheck/{category_id} (one per column, from the dynamic menu) lists that column's content in review
//   and opens /auditingContent/{category_id}?id=<content id>, which returns to /contentCheck/{category_id}.

export const CHECK_LIST_PATH = '/Content/checkList';
export const AUDIT_PAGE_PATH = '/auditingContent';
const COLUMN_LIST_PREFIX = '/contentCheck/';
const COLUMN_AUDIT_PREFIX = '/auditingContent/';

export interface AuditPaths {
  list: string;
  audit: (contentId: number) => string;
}

/** The check list and audit page paths, for the whole site (no column) or for one column's audit menu entry. */
export function auditPaths(columnId?: number): AuditPaths {
  if (!columnId) return { list: CHECK_LIST_PATH, audit: (id) => `${AUDIT_PAGE_PATH}?id=${id}` };
  return { list: `${COLUMN_LIST_PREFIX}${columnId}`, audit: (id) => `${COLUMN_AUDIT_PREFIX}${columnId}?id=${id}` };
}

/** The column of a per-column audit path (/contentCheck/12, /auditingContent/12), else undefined. */
export function auditColumnOf(path: string): number | undefined {
  const m = /^\/(?:contentCheck|auditingContent)\/(\d+)$/.exec(path);
  return m ? Number(m[1]) : undefined;
}
