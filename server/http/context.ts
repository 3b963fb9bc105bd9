import type { Database, Db } from '../db/client';
import type { Config } from '../config';
import type { SmsSender } from '../services/sms';
import type { Language } from '../../models/language';
import type { JobRunner } from '../jobs/runner';
import type { PluginHost } from '../pluginHost/host';

/** Everything a route or operation may use, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  database: Database;
  db: Db;
  config: Config;
  sms: SmsSender;
  jobs: JobRunner;
  /** Cache entries dropped by POST /system/clearCache and by writes that change what they hold. */
  caches: Map<string, { clear(): void }>;
  /** The plugin host: registered plugins, the enabled set and `run(hook, payload)` for hook points. */
  plugins: PluginHost;
}

/** The signed-in admin, resolved from X-Token on every authenticated request. */
export interface AuthContext {
  sessionId: number;
  adminId: number;
  account: string;
  nickname: string;
  roleId: number;
  roleName: string;
  isSuper: boolean;
  permissions: ReadonlySet<string>;
  /** Sites this admin may manage; super admins manage all. */
  siteIds: readonly number[] | 'all';
  language: Language;
  passTips: boolean;
}

/** One API route and the permission it declares. */
export interface ApiRouteInfo {
  method: string;
  url: string;
  permission: string;
  /** The action key a successful call writes to the operation log (logs.actions.<key> on the client). */
  logOperation?: string;
  /** The content type that entry records (logs.types.<type> on the client). */
  logType?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every /api route registered so far, with its permission (see requirePermissions). */
    apiRoutes: readonly ApiRouteInfo[];
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Menu key the route needs, or 'public' / 'authenticated'. Required on every /api route. */
    permission?: string;
    /** Action key of the operation log entry a POST writes. */
    logOperation?: string;
    logType?: string;
  }
}
