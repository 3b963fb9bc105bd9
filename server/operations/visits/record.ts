import type { FastifyInstance } from 'fastify';
import { UAParser } from 'ua-parser-js';
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
          await this.ctx.db.insert(visits).values(batch.slice(i, i + 500));
        } catch (err) {
          this.onError(err);
        }
      }
    });
    return this.writing;
  }
}

/** pc, mobile or tablet, from a user agent. */
export function deviceOf(userAgent: string): VisitDevice {
  const type = new UAParser(userAgent).getDevice().type;
  return type === 'mobile' || type === 'tablet' ? type : 'pc';
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
