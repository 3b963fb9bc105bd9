import { z } from 'zod';
import { Id } from './common';

// Static generation (/StaticFile/index, issue 6): what to generate and what the admin sees of past runs.

export const STATIC_SCOPES = ['site', 'column', 'content'] as const;
export type StaticScope = (typeof STATIC_SCOPES)[number];

/** POST /staticFile/generate → data: {job_id}. A column run names the column, a content run its ids. */
export const StaticGenerate = z
  .object({
    scope: z.enum(STATIC_SCOPES),
    category_id: Id.optional(),
    ids: z.array(Id).max(1000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'column' && !v.category_id) ctx.addIssue({ code: 'custom', path: ['category_id'], message: 'validation.required' });
    if (v.scope === 'content' && !v.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.required' });
  });
export type StaticGenerate = z.infer<typeof StaticGenerate>;

/** What the admin chose on the page: a scope and, for it, a column or content ids. */
export interface StaticScopeChoice {
  scope: StaticScope;
  categoryId: number | null;
  ids: number[];
}

/** The request for a choice, or null while the chosen scope still lacks its column or its ids. */
export function staticGenRequest(c: StaticScopeChoice): StaticGenerate | null {
  if (c.scope === 'column') return c.categoryId !== null && c.categoryId > 0 ? { scope: 'column', category_id: c.categoryId } : null;
  if (c.scope === 'content') return c.ids.length > 0 ? { scope: 'content', ids: c.ids } : null;
  return { scope: 'site' };
}

/** Content ids typed as free text (spaces, commas, Chinese commas), each once, positive only. */
export const contentIdsOf = (text: string): number[] =>
  [...new Set(text.split(/[\s,，]+/).filter((s) => /^\d+$/.test(s)).map(Number))].filter((n) => n > 0);

/** The summary a finished run stores as its job result. */
export interface StaticGenResult {
  scope: StaticScope;
  pages: number;
  bytes: number;
  failed: string[];
  removed: number;
  ms: number;
  output: string;
  cancelled?: boolean;
  skipped?: boolean;
  /** Worker threads that rendered the pages (0: rendered in the server's own thread, small runs). */
  workers?: number;
  /** Detail pages the workers built from their rows and wrote (the rest went through the page renderer one by one). */
  from_rows?: number;
}

/** GET /staticFile/index → data. */
export interface StaticIndex {
  output: string;
  has_output: boolean;
  runs: Array<{
    id: number;
    status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
    progress: number;
    total: number;
    scope: StaticScope;
    auto: boolean;
    result: StaticGenResult | null;
    error: string;
    created_at: string;
    finished_at: string | null;
  }>;
}
