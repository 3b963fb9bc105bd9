import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { formServerResource, loadForm, saveDesign, setFormStatus, toFormWithDesign, uninstallForm } from '../operations/forms/forms';
import { deleteSubmissions, exportSubmissions, formStatistics, listSubmissions, readSubmission } from '../operations/forms/submissions';
import { siteWideRowsChanged } from '../operations/staticGen/job';
import type { AuthContext } from '../http/context';
import { IdQuery } from '../../models/common';
import { FormSaveDesignBody, FormStatusBody, SubmissionDeleteBody, SubmissionExportQuery, SubmissionListQuery, SubmissionReadQuery } from '../../models/form';

// Forms and questionnaires (/Form/index, /form/design, /form/detail): the declared resource (list, add, edit,
// delete), the design the designer loads and saves, publish/unpublish, uninstall (clears the data) and the
// collected submissions (list, one in full, delete, export, questionnaire statistics).
export default async function formRoutes(app: FastifyInstance) {
  registerResource(app, formServerResource);
  const db = () => app.ctx.db;
  /** A form's page is on its site's static output while published: a change there regenerates the site (when it has output). */
  const regenerate = async (auth: Pick<AuthContext, 'siteIds'>, id: number, onlyIfPublished = false) => {
    const row = await loadForm(db(), auth, id);
    if (!onlyIfPublished || row.status === 'published') await siteWideRowsChanged(db(), [row.siteId]);
  };

  addRoute(app, {
    method: 'GET',
    url: '/form/design',
    permission: 'form',
    query: IdQuery,
    handler: async ({ auth, query }) => ({ data: toFormWithDesign(await loadForm(db(), auth, query.id)) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/form/saveDesign',
    permission: 'form',
    body: FormSaveDesignBody,
    bodyLimit: 1024 * 1024,
    log: { type: 'form' },
    handler: async ({ auth, body }) => {
      const logName = await saveDesign(db(), auth, body.id, body.design);
      await regenerate(auth, body.id, true);
      return { msg: 'form.designSaved', logName };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/form/status',
    permission: 'form',
    body: FormStatusBody,
    log: { type: 'form' },
    handler: async ({ auth, body }) => {
      const logName = await setFormStatus(db(), auth, body.id, body.status);
      await regenerate(auth, body.id);
      return { msg: body.status === 'published' ? 'form.published' : 'form.unpublished', logName };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/form/uninstall',
    permission: 'form',
    body: IdQuery,
    log: { type: 'form' },
    handler: async ({ auth, body }) => {
      const { name, cleared } = await uninstallForm(db(), auth, body.id);
      await regenerate(auth, body.id);
      return { data: { cleared }, msg: 'form.uninstalled', logName: name };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/form/detail',
    permission: 'form',
    query: SubmissionListQuery,
    handler: async ({ auth, query }) => {
      const { rows, count } = await listSubmissions(db(), auth, query);
      return { data: rows, count };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/form/submission',
    permission: 'form',
    query: SubmissionReadQuery,
    handler: async ({ auth, query }) => ({ data: await readSubmission(db(), auth, query.id) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/form/deleteSubmission',
    permission: 'form',
    body: SubmissionDeleteBody,
    log: { type: 'form' },
    handler: async ({ auth, body }) => ({ msg: 'ok.deleted', logName: await deleteSubmissions(db(), auth, body.ids) }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/form/export',
    permission: 'form',
    query: SubmissionExportQuery,
    handler: async ({ req, reply, auth, query }) => {
      const file = await exportSubmissions(db(), auth, query, req.lang);
      return void reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/form/statistics',
    permission: 'form',
    query: IdQuery,
    handler: async ({ auth, query }) => ({ data: await formStatistics(db(), auth, query.id) }),
  });
}
