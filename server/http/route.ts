import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, AuthContext } from './context';
import { ApiError, forbidden } from './errors';
import { parseInput } from './validation';
import { SessionMemory } from '../operations/sessions';
import { dbWrites } from './dbWrites';
import { writeOptLog } from '../operations/optLog';
import { translate, type MessageKey } from '../i18n/messages';
import { CODE_TOKEN_INVALID, type Envelope } from '../../models/envelope';

/** 'public': no session; 'authenticated': any signed-in admin; otherwise the menu key the caller's role needs. */
export type Permission = 'public' | 'authenticated' | (string & {});

export interface HandlerContext<B, Q, A extends AuthContext | null> {
  req: FastifyRequest;
  reply: FastifyReply;
  app: FastifyInstance;
  body: B;
  query: Q;
  auth: A;
}

export interface HandlerResult<T = unknown> {
  data?: T;
  count?: number;
  msg?: MessageKey;
  /** Name of the record the call touched, for the operation log. */
  logName?: string;
  /** Envelope code of a success other than 0 (a chunk upload answers 1: "send the next chunk"). */
  code?: number;
  /** Leaves this call out of the operation log (e.g. a chunk that does not finish an upload). */
  skipLog?: boolean;
}

export interface RouteDef<B extends z.ZodType, Q extends z.ZodType, P extends Permission> {
  method: 'GET' | 'POST';
  /** Path under /api. */
  url: string;
  permission: P;
  body?: B;
  query?: Q;
  /** Operation log of a POST: its content type (defaults to the first path segment); false to skip. */
  log?: { type?: string; operation?: string } | false;
  config?: Record<string, unknown>;
  bodyLimit?: number;
  handler: (ctx: HandlerContext<z.infer<B>, z.infer<Q>, P extends 'public' ? AuthContext | null : AuthContext>) => Promise<HandlerResult | void>;
}

export function envelope<T>(lang: FastifyRequest['lang'], result: HandlerResult<T> | void): Envelope<T | null> {
  const out: Envelope<T | null> = {
    code: result?.code ?? 0,
    msg: translate(lang, result?.msg ?? 'ok.done'),
    data: result?.data === undefined ? null : result.data,
  };
  if (result?.count !== undefined) out.count = result.count;
  return out;
}

/** Reads the X-Token header (a cookie alone never authenticates). */
export function tokenOf(req: FastifyRequest): string {
  const value = req.headers['x-token'];
  return typeof value === 'string' ? value.trim() : '';
}

const memories = new WeakMap<AppContext, SessionMemory>();
/** The app's resolved sessions (reused while this process has written nothing since they were read). */
function sessionMemoryOf(ctx: AppContext): SessionMemory {
  let memory = memories.get(ctx);
  if (!memory) memories.set(ctx, (memory = new SessionMemory(dbWrites(ctx.database))));
  return memory;
}

/** A request's session lookup, made once: the limiter and the handler share it, a refused token included. */
const lookups = new WeakMap<FastifyRequest, Promise<AuthContext>>();

export async function authenticate(req: FastifyRequest): Promise<AuthContext> {
  if (req.auth) return req.auth;
  const token = tokenOf(req);
  if (!token) throw new ApiError(CODE_TOKEN_INVALID, 'error.unauthorized');
  let lookup = lookups.get(req);
  if (!lookup) lookups.set(req, (lookup = sessionMemoryOf(req.server.ctx).resolve(req.server.ctx.db, req.server.ctx.config, token)));
  req.auth = await lookup;
  return req.auth;
}

export function hasPermission(auth: AuthContext, key: string): boolean {
  return auth.isSuper || auth.permissions.has(key);
}

/** Declares one API route; the permission is enforced before the body is even parsed. */
export function addRoute<B extends z.ZodType, Q extends z.ZodType, P extends Permission>(
  app: FastifyInstance,
  def: RouteDef<B, Q, P>,
) {
  const segment = def.url.split('/').filter(Boolean);
  const contentType = def.log === false ? '' : (def.log?.type ?? segment[0] ?? '');
  const operation = def.log === false ? '' : (def.log?.operation ?? segment.join('.'));
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    config: { ...def.config, permission: def.permission, ...(def.method === 'POST' && operation ? { logOperation: operation, logType: contentType } : {}) },
    handler: async (req, reply) => {
      let auth: AuthContext | null = null;
      if (def.permission !== 'public') {
        auth = await authenticate(req);
        if (def.permission !== 'authenticated' && !hasPermission(auth, def.permission)) throw forbidden();
      } else if (tokenOf(req)) {
        auth = await authenticate(req).catch(() => null);
      }
      const body = def.body ? parseInput(def.body, req.body, req.lang) : undefined;
      const query = def.query ? parseInput(def.query, req.query, req.lang) : undefined;
      const result = await def.handler({ req, reply, app, body: body as never, query: query as never, auth: auth as never });
      if (reply.sent) return reply;
      if (def.method === 'POST' && def.log !== false && !result?.skipLog) {
        await writeOptLog(app.ctx.db, req.auth ?? auth, {
          operation,
          contentType,
          contentName: result?.logName,
          content: body,
          ip: req.ip,
        });
      }
      return envelope(req.lang, result);
    },
  });
}
