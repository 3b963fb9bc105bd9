// Flat records that form a tree by parent_id (sites, columns): ordered for display and walked.
// Free of zod: the admin's shell uses these before any schema is loaded.
import type { SiteNode } from './site';

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

/** Builds a tree from flat rows ordered by sort then id; orphans are dropped. */
export function buildTree<T extends { id: number; parent_id: number; sort?: number }>(
  rows: readonly T[],
): Array<T & { children: Array<T & { children: unknown[] }> }> {
  type Node = T & { children: Node[] };
  const byId = new Map<number, Node>();
  for (const r of rows) byId.set(r.id, { ...r, children: [] });
  const roots: Node[] = [];
  const order = (a: Node, b: Node) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;
  for (const node of byId.values()) {
    if (node.parent_id === 0) roots.push(node);
    else byId.get(node.parent_id)?.children.push(node);
  }
  const sortDeep = (list: Node[]) => {
    list.sort(order);
    for (const n of list) sortDeep(n.children);
  };
  sortDeep(roots);
  return roots as never;
}

/** Walks a tree depth-first. */
export function* walkTree<T extends { children?: T[] }>(nodes: readonly T[]): Generator<T> {
  for (const n of nodes) {
    yield n;
    if (n.children) yield* walkTree(n.children);
  }
}

/** Flattens the switcher tree into options, prefixing each child level with two dashes (spec §2 "Layout"). */
export function siteOptions(nodes: readonly SiteNode[], depth = 0): Array<{ id: number; label: string }> {
  return nodes.flatMap((n) => [
    { id: n.id, label: `${'--'.repeat(depth)}${n.name}` },
    ...siteOptions(n.children, depth + 1),
  ]);
}
