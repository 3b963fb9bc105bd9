import type { FastifyInstance } from 'fastify';
import pg from 'pg';

// One PostgreSQL connection that only LISTENs, for the notifications other servers of a cluster send at their
// commits (issue 17): site_versions and sessions_changed (pageCache.ts), theme_files (themes/changes.ts),
// plugin_changes (plugins/changes.ts). A lost connection is retried every LISTEN_RETRY_MS; each time it listens
// again, whatever was sent meanwhile was not heard, so `listening` is called to start afresh.

/** Reconnect delay of a listener. */
const LISTEN_RETRY_MS = 1000;

export interface ChannelHandlers {
  /** A notification on one of the channels. */
  heard(payload: string, channel: string): void;
  /** Listening (first time, or again after a lost connection): what was sent meanwhile was not heard. */
  listening(): void;
  /** The connection is lost; a retry follows. Not called once stopped. */
  lost(err: unknown): void;
}

export class ChannelListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly channels: readonly string[],
    private readonly handlers: ChannelHandlers,
  ) {}

  start() {
    if (this.stopped) return;
    const client = new pg.Client(this.connection);
    this.client = client;
    const lost = (err: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.handlers.lost(err);
      this.retry = setTimeout(() => this.start(), LISTEN_RETRY_MS);
      this.retry.unref();
    };
    client.on('notification', (msg) => this.client === client && this.handlers.heard(msg.payload ?? '', msg.channel));
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client
      .connect()
      .then(() => client.query(this.channels.map((c) => `listen ${c}`).join('; ')))
      .then(() => this.client === client && !this.stopped && this.handlers.listening())
      .catch(lost);
  }

  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** The connection settings of the app's PostgreSQL pool, for one more connection that only listens; none on PGlite. */
export function listenConnectionOf(app: FastifyInstance): pg.ClientConfig | undefined {
  if (app.ctx.database.kind !== 'postgres') return undefined;
  return (app.ctx.database.pool as unknown as { options?: pg.ClientConfig } | undefined)?.options;
}

/** Starts a listener on PostgreSQL (stopped when the app closes); nothing on PGlite. */
export function listenToChannels(app: FastifyInstance, channels: readonly string[], handlers: ChannelHandlers): ChannelListener | undefined {
  const connection = listenConnectionOf(app);
  if (!connection) return undefined;
  const listener = new ChannelListener(connection, channels, handlers);
  listener.start();
  app.addHook('onClose', () => listener.stop());
  return listener;
}
