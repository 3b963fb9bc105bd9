// Flat records that form a tree by parent_id (sites, columns): ordered for display and walked.

export interface TreeRow {
  id: number;
  parent_id: number;
  sort?: number;
}

/**
 * Rows in tree order (every parent before its children, siblings by sort then id) with their depth.
 * A row whose parent is not among the rows (filtered out, out of reach) is shown as a root; rows
 * caught in a cycle come last at depth 0, so no row is ever lost.
 */
export function treeOrder<T extends TreeRow>(rows: readonly T[]): Array<T & { depth: number }> {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, T[]>();
  const roots: T[] = [];
  for (const r of rows) {
    if (r.parent_id !== 0 && ids.has(r.parent_id) && r.parent_id !== r.id) {
      const list = children.get(r.parent_id) ?? [];
      list.push(r);
      children.set(r.parent_id, list);
    } else roots.push(r);
  }
  const order = (a: T, b: T) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;
  const out: Array<T & { depth: number }> = [];
  const seen = new Set<number>();
  const visit = (list: T[], depth: number) => {
    for (const r of [...list].sort(order)) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ ...r, depth });
      visit(children.get(r.id) ?? [], depth + 1);
    }
  };
  visit(roots, 0);
  for (const r of rows) if (!seen.has(r.id)) visit([r], 0);
  return out;
}

/** The id and the ids of every descendant of it among the rows. */
export function subtreeIds(rows: readonly TreeRow[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parent_id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
