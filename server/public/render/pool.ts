import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { DEFAULT_LIMITS, ThemeRenderer, type PageRenderer, type RenderLimits } from './engine';
import type { SharedPart, WorkerReply, WorkerRequest } from './workerMain';

// Renders templates in worker threads, so a long static generation keeps the server's event loop free for
// admin and public requests. Each worker holds its own sandboxed ThemeRenderer (same limits); data crosses as
// JSON text, which is exactly the plain copy a render sees anyway. A worker that dies fails only its own
// pending renders and is replaced on the next call.

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (html: string) => void; reject: (err: Error) => void }>;
  /** The shared values this worker holds, by place (at most SHARED_PLACES), and each one's place. */
  held: Array<object | undefined>;
  placeOf: WeakMap<object, number>;
  nextPlace: number;
}

/**
 * Shared values a worker keeps parsed: the top-level values of render data that many pages pass as the same
 * object (a run's theme strings, menus, company…) cross once per worker instead of once per page.
 */
export const SHARED_PLACES = 32;

/** Plain objects and arrays: the values whose JSON a pool may keep (dates, class instances are sent each time). */
const plain = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Worker threads a pool starts by default: the cores minus one for the server, at least 1, at most 4. */
export const defaultPoolSize = () => Math.max(1, Math.min(os.availableParallelism() - 1, 4));
/**
 * Worker threads of a static generation run: one per core (at most 4). The server's thread mostly waits on
 * the database and the disk meanwhile, so a 2-core machine renders on both cores.
 */
export const generationPoolSize = () => Math.max(1, Math.min(os.availableParallelism(), 4));

export class RenderPool implements PageRenderer {
  private slots: Array<Slot | null>;
  private seq = 0;
  private turn = 0;
  private closed = false;
  /** `has` needs only the file system: answered here, without a round trip. */
  private local: ThemeRenderer;

  constructor(
    readonly size = defaultPoolSize(),
    private limits: RenderLimits = DEFAULT_LIMITS,
  ) {
    this.slots = Array.from({ length: size }, () => null);
    this.local = new ThemeRenderer(limits);
  }

  private start(index: number): Slot {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: this.limits });
    const pending: Slot['pending'] = new Map();
    let markReady!: () => void;
    let failReady!: (err: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, pending, held: [], placeOf: new WeakMap(), nextPlace: 0 };
    const fail = (err: Error) => {
      failReady(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      if (this.slots[index] === slot) this.slots[index] = null;
    };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.id === 0) return markReady();
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) {
        const err = new Error(reply.error);
        err.name = reply.name;
        p.reject(err);
      } else p.resolve(reply.html);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited with code ${code}`)));
    worker.unref();
    this.slots[index] = slot;
    return slot;
  }

  /** The JSON of top-level values seen once already (a value seen twice is sent to each worker once). */
  private seen = new WeakMap<object, string>();

  /**
   * Renders in the least busy worker (ties: round robin). A pool is made for one generation run, whose data
   * objects do not change once passed: a top-level value passed again as the same object (by identity) is
   * not serialized again, and a worker that already holds it gets only its place.
   */
  async render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string> {
    if (this.closed) throw new Error('render pool closed');
    if (!/^[A-Za-z0-9_-]+$/.test(template)) throw new Error(`bad template name: ${template}`);
    let best = -1;
    for (let k = 0; k < this.size; k++) {
      const i = (this.turn + k) % this.size;
      const load = this.slots[i]?.pending.size ?? 0;
      if (best < 0 || load < (this.slots[best]?.pending.size ?? 0)) best = i;
    }
    this.turn = (best + 1) % this.size;
    const slot = this.slots[best] ?? this.start(best);
    const id = ++this.seq;
    const result = new Promise<string>((resolve, reject) => slot.pending.set(id, { resolve, reject }));
    await slot.ready;
    const { json, shared } = this.split(slot, data);
    slot.worker.postMessage({ op: 'render', id, themeDir, template, json, shared } satisfies WorkerRequest);
    return result;
  }

  /**
   * The page's own data as JSON (what JSON.stringify(data) gives without the shared keys), and its shared
   * values as places in the worker, with their JSON when new at that place. Each value is serialized once.
   */
  private split(slot: Slot, data: Record<string, unknown>): { json: string; shared: SharedPart[] } {
    const own: string[] = [];
    const shared: SharedPart[] = [];
    for (const key of Object.keys(data)) {
      const value = data[key];
      const known = plain(value) ? this.seen.get(value) : undefined;
      if (known === undefined) {
        const json = JSON.stringify(value) as string | undefined;
        if (json === undefined) continue;
        if (plain(value)) this.seen.set(value, json);
        own.push(`${JSON.stringify(key)}:${json}`);
        continue;
      }
      let place = slot.placeOf.get(value!);
      if (place !== undefined && slot.held[place] === value) {
        shared.push([key, place]);
        continue;
      }
      place = slot.nextPlace;
      slot.nextPlace = (place + 1) % SHARED_PLACES;
      slot.held[place] = value!;
      slot.placeOf.set(value!, place);
      shared.push([key, place, known]);
    }
    return { json: `{${own.join(',')}}`, shared };
  }

  /** Answers of `has` (a run asks for each page's template): kept until `clear`. */
  private known = new Map<string, Promise<boolean>>();

  has(themeDir: string, template: string): Promise<boolean> {
    const key = `${themeDir}\0${template}`;
    let hit = this.known.get(key);
    if (!hit) this.known.set(key, (hit = this.local.has(themeDir, template)));
    return hit;
  }

  clear() {
    this.known.clear();
    for (const slot of this.slots) slot?.worker.postMessage({ op: 'clear' } satisfies WorkerRequest);
  }

  /** Worker threads currently running. */
  get running(): number {
    return this.slots.filter(Boolean).length;
  }

  async close() {
    this.closed = true;
    const slots = this.slots.filter((s): s is Slot => s !== null);
    this.slots = this.slots.map(() => null);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
