import { expect } from 'vitest';
import type { TestApp } from './app';

// The statements an app sends and their PostgreSQL plans (EXPLAIN, both drivers: PGlite and pg's Pool), for
// tests that check a list reads its page in order from an index.

export type Captured = { text: string; params: unknown[] };
export type Rows = { rows: Array<Record<string, unknown>> };

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** The nodes that read the page itself: per-row sub-plans (a row's tag names, the counters' total) left out. */
export const pageNodesOf = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).filter((p) => !/^(SubPlan|InitPlan)$/.test(p['Parent Relationship'] ?? '')).flatMap(pageNodesOf),
];
/** A plan's shape for a failure message: "Limit > Index Scan (contents_sort_views_site_idx)". */
export const shapeOf = (nodes: PlanNode[]) =>
  nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : n['Relation Name'] ? ` (${n['Relation Name']})` : ''}`).join(' > ');

/**
 * Records the statements the app sends while `during` runs, and runs SQL beside the app's (not recorded).
 * Install once per app.
 */
export function queryRecorder(t: TestApp) {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<Rows> } }).$client;
  const original = client.query.bind(client);
  let captured: Captured[] | null = null;
  client.query = (...args: unknown[]) => {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const params = (Array.isArray(second) ? second : typeof first === 'string' ? undefined : (first as { values?: unknown[] }).values) as unknown[] | undefined;
    captured?.push({ text, params: params ?? [] });
    return original(...args);
  };
  const plain = (text: string, params: unknown[] = []) => original(text, params);
  return {
    plain,
    async during<T>(run: () => Promise<T>): Promise<{ result: T; queries: Captured[] }> {
      captured = [];
      try {
        const result = await run();
        return { result, queries: captured };
      } finally {
        captured = null;
      }
    },
    /** The plan of one captured statement (without running it). */
    async plan(query: Captured): Promise<PlanNode> {
      const res = await plain(`explain (format json) ${query.text}`, query.params);
      const raw = res.rows[0]!['QUERY PLAN'];
      const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      return plan!.Plan;
    },
  };
}

/** The page is read in order from `index` of `table` (or one of several): no Sort, one Index (Only) Scan of the table. */
export function expectIndexOrder(nodes: PlanNode[], table: string, index: string | string[], what: string) {
  const shape = `${what}: ${shapeOf(nodes)}`;
  expect(nodes.filter((n) => /sort/i.test(n['Node Type'])), shape).toEqual([]);
  const scans = nodes.filter((n) => n['Relation Name'] === table);
  expect(scans.map((n) => n['Node Type']), shape).toEqual([expect.stringMatching(/^Index (Only )?Scan$/)]);
  expect(typeof index === 'string' ? [index] : index, shape).toContain(scans[0]!['Index Name']);
}
