import { expect } from 'vitest';
import type { ApiClient, ApiResponse, TestApp } from './app';
import { adminWithRole, insertSite, uniqueName } from './fixtures';
import { insertColumn, insertModel, saveContent } from './contentFixtures';
import type { AuditDetail, AuditStep, SubmitAuditResult } from '../../models/audit';

// A site with columns, an editor and three reviewers, and short-hands for the audit calls.

export interface Person {
  id: number;
  token: string;
  api: ApiClient;
}

export interface AuditSite {
  siteId: number;
  column: number;
  otherColumn: number;
  editor: Person;
  /** Three reviewers (contentCheck and content) managing the site. */
  reviewers: [Person, Person, Person];
  /** The super-admin, on this site. */
  boss: ApiClient;
}

async function person(t: TestApp, superToken: string, siteId: number, permissions: string[]): Promise<Person> {
  const a = await adminWithRole(t, superToken, permissions, { site_ids: [siteId] });
  return { id: a.id, token: a.token, api: t.client(a.token, { siteId }) };
}

export async function auditSite(t: TestApp, superToken: string): Promise<AuditSite> {
  const siteId = await insertSite(t, uniqueName('AuditSite'));
  const model = await insertModel(t);
  const column = await insertColumn(t, siteId, model);
  const otherColumn = await insertColumn(t, siteId, model);
  const editor = await person(t, superToken, siteId, ['content']);
  const reviewers = [
    await person(t, superToken, siteId, ['contentCheck', 'content']),
    await person(t, superToken, siteId, ['contentCheck', 'content']),
    await person(t, superToken, siteId, ['contentCheck', 'content']),
  ] as [Person, Person, Person];
  return { siteId, column, otherColumn, editor, reviewers, boss: t.client(superToken, { siteId }) };
}

export const step = (mode: AuditStep['mode'], ...who: Person[]): AuditStep => ({ mode, reviewers: who.map((p) => p.id) });

export async function setFlow(api: ApiClient, categoryId: number, steps: AuditStep[] | null) {
  const res = await api.post('/auditFlow/save', { category_id: categoryId, steps });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

export async function draft(s: AuditSite, fields: Record<string, unknown> = {}) {
  return saveContent(s.editor.api, s.column, fields);
}

export const submit = (api: ApiClient, id: number) => api.post<SubmitAuditResult>('/content/submitAudit', { id });
export const approve = (p: Person, id: number, comment = '') => p.api.post('/content/audit', { id, action: 'approve', comment });
export const reject = (p: Person, id: number, comment: string, toStep = 1) => p.api.post('/content/audit', { id, action: 'reject', comment, to_step: toStep });

export async function detail(api: ApiClient, id: number): Promise<AuditDetail> {
  const res: ApiResponse<AuditDetail> = await api.get('/content/auditDetail', { id });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

/** Each step's reviewers' decisions, as [[decision, ...], ...]. */
export const decisions = (d: AuditDetail) => d.steps.map((s) => s.reviewers.map((r) => r.decision));

export async function expectOk<T>(res: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  const r = await res;
  expect(r.code, r.msg).toBe(0);
  return r;
}
