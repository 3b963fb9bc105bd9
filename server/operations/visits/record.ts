import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Executor } from '../../db/client';
import { ignoreInsertsInto } from '../../http/dbWrites';
import { visits } from '../../db/schema/index';
import type { AppContext } from '../../http/context';
import { lookupRegion } from '../../services/clientInfo';
import { VISIT_FLUSH_MS, VISIT_FLUSH_ROWS, type VisitDevice, type VisitInput } from '../../../models/visits';

// Visits are kept in memory and written in batches (every VISIT_FLUSH_ROWS rows, VISIT_FLUSH_MS after the first
// buffered row, and when the app closes), so recording never waits for the database. Region is the province from
// the offline ip2region database ('' when unknown: private, foreign or unparseable addresses).

type Row = typeof visits.$inferInsert;

export interface VisitRecorderOptions {
  maxRows?: number;
  maxDelayMs?: number;
}

export class VisitRecorder {
  private rows: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  constructor(
    private readonly ctx: AppContext,
    private readonly onError: (err: unknown) => void,
    private readonly opts: Required<VisitRecorderOptions> = { maxRows: VISIT_FLUSH_ROWS, maxDelayMs: VISIT_FLUSH_MS },
  ) {}

  get pending(): number {
    return this.rows.length;
  }

  add(v: VisitInput, at = new Date()) {
    this.rows.push({
      siteId: v.siteId,
      path: v.path.slice(0, 1000),
      ip: v.ip.replace(/^::ffff:/, '').slice(0, 64),
      region: lookupRegion(v.ip).province,
      device: deviceOf(v.userAgent),
      createdAt: at,
    });
    if (this.rows.length >= this.opts.maxRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.maxDelayMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; resolves when every earlier batch is written too. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    this.writing = this.writing.then(async () => {
      for (let i = 0; i < batch.length; i += 500) {
        try {
          await insertVisits(this.ctx.db, batch.slice(i, i + 500));
        } catch (err) {
          this.onError(err);
        }
      }
    });
    return this.writing;
  }
}

// Visits are written and never read by what is kept in memory (pages, sessions, columns): their inserts do not
// make those caches read again (server/http/dbWrites.ts).
ignoreInsertsInto('visits');

/**
 * One statement for a batch, its rows as one JSON parameter: building a multi-row VALUES list through the query
 * builder costs more than the insert, at thousands of visits a second.
 */
async function insertVisits(db: Executor, rows: Row[]) {
  const json = JSON.stringify(rows.map((r) => [r.siteId, r.path, r.ip, r.region, r.device, (r.createdAt ?? new Date()).toISOString()]));
  await db.execute(sql`insert into visits (site_id, path, ip, region, device, created_at)
    select (r->>0)::int, r->>1, r->>2, r->>3, r->>4, (r->>5)::timestamptz from json_array_elements(${json}::json) as r`);
}

/** User agents seen lately and their device class (parsing one costs more than the rest of a cached page). */
const devices = new Map<string, VisitDevice>();
const DEVICES_MAX = 2_000;

/** pc, mobile or tablet, from a user agent. */
export function deviceOf(userAgent: string): VisitDevice {
  const known = devices.get(userAgent);
  if (known) return known;
  const type = new UAParser(userAgent).getDevice().type;
  const device = type === 'mobile' || type === 'tablet' ? type : 'pc';
  if (devices.size >= DEVICES_MAX) devices.clear();
  devices.set(userAgent, device);
  return device;
}

const recorders = new WeakMap<AppContext, VisitRecorder>();

/** The app's recorder, flushed when the app closes (installed with the API routes). */
export function installVisitRecorder(app: FastifyInstance, opts?: VisitRecorderOptions): VisitRecorder {
  const recorder = new VisitRecorder(app.ctx, (err) => app.log.error({ err }, 'writing visits failed'), {
    maxRows: opts?.maxRows ?? VISIT_FLUSH_ROWS,
    maxDelayMs: opts?.maxDelayMs ?? VISIT_FLUSH_MS,
  });
  recorders.set(app.ctx, recorder);
  app.addHook('onClose', () => recorder.flush());
  return recorder;
}

export function visitRecorder(app: FastifyInstance): VisitRecorder | undefined {
  return recorders.get(app.ctx);
}

/** Records one page view without waiting for the database. */
export function recordVisit(app: FastifyInstance, visit: VisitInput): void {
  let recorder = recorders.get(app.ctx);
  if (!recorder) {
    // Not installed (an app built without the API routes): still batched, flushed by time only.
    recorder = new VisitRecorder(app.ctx, (err) => app.log.error({ err }, 'writing visits failed'));
    recorders.set(app.ctx, recorder);
  }
  try {
    recorder.add(visit);
  } catch (err) {
    app.log.error({ err }, 'recording a visit failed');
  }
}
