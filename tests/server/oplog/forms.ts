import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { formSubmissions } from '../../../server/db/schema/index';

/** One call per mutating route of the forms screens (/Form/index, /form/design, /form/detail). */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });
const DESIGN = { rules: [{ field: 'name', title: 'Name', type: 'input' }], options: {} };
const newForm = async (ctx: OpLogContext, name = uniqueName('logged-form')) => ({ id: (await ok<{ id: number }>(client(ctx).post('/form/save', { name, type: 'form' }))).id, name });

export const formCalls: OpLogCalls = {
  '/api/form/save': async (ctx) => (await newForm(ctx)).name,
  '/api/form/update': async (ctx) => {
    const form = await newForm(ctx);
    const name = uniqueName('renamed-form');
    await ok(client(ctx).post('/form/update', { id: form.id, name, type: 'questionnaire' }));
    return name;
  },
  '/api/form/delete': async (ctx) => {
    const form = await newForm(ctx);
    await ok(client(ctx).post('/form/delete', { ids: [form.id] }));
    return form.name;
  },
  '/api/form/saveDesign': async (ctx) => {
    const form = await newForm(ctx);
    await ok(client(ctx).post('/form/saveDesign', { id: form.id, design: DESIGN }));
    return form.name;
  },
  '/api/form/status': async (ctx) => {
    const form = await newForm(ctx);
    await ok(client(ctx).post('/form/saveDesign', { id: form.id, design: DESIGN }));
    await ok(client(ctx).post('/form/status', { id: form.id, status: 'published' }));
    return form.name;
  },
  '/api/form/uninstall': async (ctx) => {
    const form = await newForm(ctx);
    await ok(client(ctx).post('/form/uninstall', { id: form.id }));
    return form.name;
  },
  '/api/form/deleteSubmission': async (ctx) => {
    const form = await newForm(ctx);
    const [row] = await ctx.t.db
      .insert(formSubmissions)
      .values({ formId: form.id, values: { name: 'x' } })
      .returning();
    await ok(client(ctx).post('/form/deleteSubmission', { ids: [row!.id] }));
    return form.name;
  },
};
