import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { currentSiteId } from '../operations/sites';
import { readFlow, requireFlowReader, requireFlowWriter, saveFlow } from '../operations/audit/flows';
import { decideAudit, submitForAudit } from '../operations/audit/actions';
import { auditDetail, auditTrail } from '../operations/audit/detail';
import { IdQuery } from '../../models/common';
import { AuditAction, AuditFlowQuery, AuditFlowSave, SubmitAudit, type SubmitAuditResult } from '../../models/audit';

// Content audit (issue 5): flow settings, submitting, deciding, the audit page and the trail. The check list
// and bulk approval keep their paths under /content (server/routes/content.ts).
//
// Permissions: reading a flow is open to the screens that need it (contentCheck, content, websiteSetting,
// category); saving the site's flow needs websiteSetting, a column's override needs category. Both routes
// declare 'authenticated' and check those keys themselves, as one route serves both scopes.
export default async function auditRoutes(app: FastifyInstance) {
  const db = app.ctx.db;

  addRoute(app, {
    method: 'GET',
    url: '/auditFlow/read',
    permission: 'authenticated',
    query: AuditFlowQuery,
    handler: async ({ req, auth, query }) => {
      requireFlowReader(auth);
      const siteId = query.category_id === 0 ? currentSiteId(req, auth) : 0;
      return { data: await readFlow(db, auth, siteId, query.category_id) };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/auditFlow/save',
    permission: 'authenticated',
    body: AuditFlowSave,
    handler: async ({ req, auth, body }) => {
      requireFlowWriter(auth, body.category_id);
      const siteId = body.category_id === 0 ? currentSiteId(req, auth) : 0;
      const { flow, name } = await saveFlow(db, auth, req.lang, siteId, body);
      return { data: flow, msg: 'ok.saved', logName: name };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/content/submitAudit',
    permission: 'content',
    body: SubmitAudit,
    handler: async ({ auth, body }) => {
      const { title, ...result } = await submitForAudit(db, auth, body.id);
      return { data: result satisfies SubmitAuditResult, msg: result.state === 'published' ? 'audit.publishedDirectly' : 'audit.submitted', logName: title };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/content/audit',
    permission: 'contentCheck',
    body: AuditAction,
    handler: async ({ auth, body }) => {
      const { title, ...result } = await decideAudit(db, auth, body);
      return { data: result, msg: body.action === 'approve' ? 'audit.approved' : 'audit.rejected', logName: title };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/content/auditDetail',
    permission: 'contentCheck',
    query: IdQuery,
    handler: async ({ auth, query }) => ({ data: await auditDetail(db, auth, query.id) }),
  });
  addRoute(app, {
    method: 'GET',
    url: '/content/auditTrail',
    permission: 'content',
    query: IdQuery,
    handler: async ({ auth, query }) => {
      const rows = await auditTrail(db, auth, query.id);
      return { data: rows, count: rows.length };
    },
  });
}
