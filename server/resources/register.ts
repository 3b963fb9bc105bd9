import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { addRoute, type HandlerContext } from '../http/route';
import type { AuthContext } from '../http/context';
import { IdQuery, IdsBody } from '../../models/common';
import type { ResourceDef } from '../../models/resource';

type Ctx = HandlerContext<unknown, unknown, AuthContext>;

/** The behaviour behind one declared resource; missing actions get no route. */
export interface ResourceImpl<D extends ResourceDef> {
  def: D;
  list(ctx: Ctx, query: z.infer<D['listQuery']>): Promise<{ rows: unknown[]; count: number }>;
  read(ctx: Ctx, id: number): Promise<unknown>;
  create?(ctx: Ctx, body: z.infer<D['create']>): Promise<{ id: number; name: string }>;
  update?(ctx: Ctx, body: z.infer<D['update']>): Promise<{ name: string }>;
  remove?(ctx: Ctx, ids: number[]): Promise<{ names: string[] }>;
}

export function defineServerResource<D extends ResourceDef>(impl: ResourceImpl<D>): ResourceImpl<D> {
  return impl;
}

/** GET /{name}/index|read and POST /{name}/save|update|delete, all guarded by the resource's menu key. */
export function registerResource<D extends ResourceDef>(app: FastifyInstance, impl: ResourceImpl<D>) {
  const { def } = impl;
  const base = `/${def.name}`;
  const log = { type: def.name };
  addRoute(app, {
    method: 'GET',
    url: `${base}/index`,
    permission: def.menu,
    query: def.listQuery,
    handler: async (ctx) => {
      const { rows, count } = await impl.list(ctx as Ctx, ctx.query as never);
      return { data: rows, count };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: `${base}/read`,
    permission: def.menu,
    query: IdQuery,
    handler: async (ctx) => ({ data: await impl.read(ctx as Ctx, ctx.query.id) }),
  });
  if (impl.create && def.actions.includes('create')) {
    const create = impl.create;
    addRoute(app, {
      method: 'POST',
      url: `${base}/save`,
      permission: def.menu,
      body: def.create,
      log,
      handler: async (ctx) => {
        const { id, name } = await create(ctx as Ctx, ctx.body as never);
        return { data: { id }, msg: 'ok.saved', logName: name };
      },
    });
  }
  if (impl.update && def.actions.includes('update')) {
    const update = impl.update;
    addRoute(app, {
      method: 'POST',
      url: `${base}/update`,
      permission: def.menu,
      body: def.update,
      log,
      handler: async (ctx) => {
        const { name } = await update(ctx as Ctx, ctx.body as never);
        return { msg: 'ok.saved', logName: name };
      },
    });
  }
  if (impl.remove && def.actions.includes('delete')) {
    const remove = impl.remove;
    addRoute(app, {
      method: 'POST',
      url: `${base}/delete`,
      permission: def.menu,
      body: IdsBody,
      log,
      handler: async (ctx) => {
        const { names } = await remove(ctx as Ctx, ctx.body.ids);
        return { msg: 'ok.deleted', logName: names.join(', ') };
      },
    });
  }
}
