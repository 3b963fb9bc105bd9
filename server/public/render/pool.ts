import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { DEFAULT_LIMITS, ThemeRenderer, type PageRenderer, type RenderLimits } from './engine';
import type { DetailOutcome, DetailsRequest, DetailShared, SharedPart, StringPart, WorkerReply, WorkerRequest, WorkerSetup } from './workerMain';
import { prepareWorkerScript, workerScript } from './workerBundle';

// Renders templates in worker threads, so a long static generation keeps the server's event loop free for
// admin and public requests. Each worker holds its own sandboxed ThemeRenderer (same limits); data crosses as
// JSON text, which is exactly the plain copy a render sees anyway. A worker that dies fails only its own
// pending renders and is replaced on the next call.

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (reply: Rendered) => void; reject: (err: Error) => void }>;
  /** The JSON of the shared values this worker holds, by place (at most SHARED_PLACES), and each one's place. */
  held: Array<string | undefined>;
  placeOf: Map<string, number>;
  nextPlace: number;
  /** The long strings this worker holds, by slot (a ring of STRING_SLOTS), and each one's slot. */
  stringAt: Array<string | undefined>;
  strings: Map<string, number>;
  nextString: number;
  /** The message (RenderPool.split call) that last referred to each slot, and the current one. */
  usedIn: number[];
  message: number;
  /** The keys of the detail data this worker holds (renderDetails). */
  details: Set<string>;
}

/** Strings at least this long in a page's own data cross to a worker once (see RenderPool.encode). */
const LONG_STRING = 256;
/** Long strings a worker keeps. */
export const STRING_SLOTS = 8192;

/** A render's answer: its HTML, or the bytes the worker wrote to the file it was given (or, for renderDetails, each page's outcome). */
export type Rendered = { html: string } | { bytes: number } | { pages: DetailOutcome[] };

/** Values up to this long (JSON) are recognised by their text when passed again as another object. */
const SHARED_TEXT_MAX = 16 * 1024;
/** Texts remembered (seen once) before the memory starts afresh. */
const TEXTS_SEEN = 4096;
/** A key whose values were this many times new texts, and never a text seen before, is not looked up again. */
const TEXT_TRIES = 16;

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

export interface RenderPoolOptions {
  /**
   * The workers reuse rendered partials (ThemeRenderer's memoPartials): for a pool made for one generation
   * run, whose data does not change meanwhile.
   */
  memoPartials?: boolean;
  /** The workers write pages over a live output: each through a temporary file renamed over the old one. */
  atomicWrites?: boolean;
  /**
   * The workers write into a folder new to the run (a whole-site run with no earlier output to reuse): each page is
   * created, never written over, and the workers take turns at creating (CreateTurns in atomicWrite.ts).
   */
  freshFolder?: boolean;
  /**
   * On close, healthy workers are parked for the next pool with this option instead of ended (a static generation
   * run's pool): the next run skips starting threads and loading the renderer, and runs on code the JIT has already
   * optimized. A parked worker is reset before it serves again (workerMain.ts: nothing of the earlier run is kept)
   * and ended after PARKED_WORKER_MS unused.
   */
  parkWorkers?: boolean;
}

/** How long a parked render worker waits for the next run before it ends. */
export const PARKED_WORKER_MS = 60_000;

/** Workers parked by closed pools (parkWorkers), at most generationPoolSize(), and the timer that ends them. */
const parked: Worker[] = [];
let parkedTimer: NodeJS.Timeout | null = null;

/** Ends every parked worker (a server closing, or PARKED_WORKER_MS unused). */
export async function endParkedWorkers() {
  if (parkedTimer) clearTimeout(parkedTimer);
  parkedTimer = null;
  const workers = parked.splice(0);
  await Promise.all(workers.map((w) => w.terminate()));
}

/** Parked workers (for tests and figures). */
export const parkedWorkers = () => parked.length;

function park(worker: Worker) {
  worker.removeAllListeners('message');
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  const drop = () => {
    const at = parked.indexOf(worker);
    if (at >= 0) parked.splice(at, 1);
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  parked.push(worker);
  if (parkedTimer) clearTimeout(parkedTimer);
  parkedTimer = setTimeout(() => void endParkedWorkers(), PARKED_WORKER_MS);
  parkedTimer.unref();
}

function unpark(): Worker | null {
  const worker = parked.pop();
  if (!worker) return null;
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  if (!parked.length && parkedTimer) {
    clearTimeout(parkedTimer);
    parkedTimer = null;
  }
  return worker;
}

export class RenderPool implements PageRenderer {
  private slots: Array<Slot | null>;
  private seq = 0;
  private turn = 0;
  private closed = false;
  /** `has` needs only the file system: answered here, without a round trip. */
  private local: ThemeRenderer;
  /** The workers' turns at creating files in a fresh folder (CreateTurns): one Int32 they share. */
  readonly createTurns: SharedArrayBuffer;

  constructor(
    readonly size = defaultPoolSize(),
    private limits: RenderLimits = DEFAULT_LIMITS,
    private options: RenderPoolOptions = {},
  ) {
    this.slots = Array.from({ length: size }, () => null);
    this.createTurns = new SharedArrayBuffer(4);
    this.local = new ThemeRenderer(limits);
    // Workers started after the bundle is built load it (a static run awaits it while it plans its pages).
    void prepareWorkerScript();
  }

  private start(index: number): Slot {
    const workerData = {
      limits: this.limits,
      memoPartials: Boolean(this.options.memoPartials),
      atomicWrites: Boolean(this.options.atomicWrites),
      freshFolder: Boolean(this.options.freshFolder),
      createTurns: this.options.freshFolder ? this.createTurns : undefined,
    } satisfies WorkerSetup;
    // The bundled plain script when it is built (workerBundle.ts), else the TypeScript sources through tsx.
    const script = workerScript();
    // A worker parked by an earlier run's pool (reset first: that run's state goes), else a new one.
    const reused = this.options.parkWorkers ? unpark() : null;
    const worker = reused ?? (script ? new Worker(script, { eval: true, workerData }) : new Worker(new URL('./worker.mjs', import.meta.url), { workerData }));
    if (reused) reused.postMessage({ op: 'reset', setup: workerData } satisfies WorkerRequest);
    const pending: Slot['pending'] = new Map();
    let markReady!: () => void;
    let failReady!: (err: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    if (reused) markReady();
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, pending, held: [], placeOf: new Map(), nextPlace: 0, stringAt: [], strings: new Map(), nextString: 0, usedIn: [], message: 0, details: new Set() };
    const fail = (err: Error) => {
      failReady(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      if (this.slots[index] === slot) this.slots[index] = null;
    };
    const settle = (reply: WorkerReply) => {
      if (reply.id === 0) return markReady();
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) {
        const err: NodeJS.ErrnoException = new Error(reply.error);
        err.name = reply.name;
        if (reply.code) err.code = reply.code;
        p.reject(err);
      } else p.resolve('bytes' in reply ? { bytes: reply.bytes } : 'pages' in reply ? { pages: reply.pages } : { html: reply.html });
    };
    // A worker answers the pages it finished together, as one array (workerMain.ts); 'ready' comes alone.
    worker.on('message', (reply: WorkerReply | WorkerReply[]) => {
      if (Array.isArray(reply)) reply.forEach(settle);
      else settle(reply);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited with code ${code}`)));
    worker.unref();
    this.slots[index] = slot;
    return slot;
  }

  /** The JSON of top-level values seen once already (a value seen twice is sent to each worker once). */
  private seen = new WeakMap<object, string>();
  /** JSON texts of top-level values seen once (another object with the same text is shared as well). */
  private texts = new Set<string>();
  /** Per key: how often its value's text was new, or -1 once one was seen again (the key is worth looking up). */
  private textMisses = new Map<string, number>();

  /**
   * Renders in the least busy worker (ties: round robin). A pool is made for one generation run, whose data
   * objects do not change once passed: a top-level value passed again (the same object, or an object with
   * the same JSON) is not parsed again by a worker that already holds it: it gets only its place, and
   * every page it renders afterwards sees that same object.
   */
  async render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string> {
    const reply = await this.renderTo(themeDir, template, data);
    return 'html' in reply ? reply.html : '';
  }

  /** Starts (or takes from the parked ones) every worker now, so they load while the caller prepares its work. */
  warm() {
    if (this.closed) return;
    for (let i = 0; i < this.size; i++) if (!this.slots[i]) this.start(i);
  }

  /** The least busy worker (ties: round robin), started when needed. */
  private pick(): Slot {
    let best = -1;
    for (let k = 0; k < this.size; k++) {
      const i = (this.turn + k) % this.size;
      const load = this.slots[i]?.pending.size ?? 0;
      if (best < 0 || load < (this.slots[best]?.pending.size ?? 0)) best = i;
    }
    this.turn = (best + 1) % this.size;
    return this.slots[best] ?? this.start(best);
  }

  /**
   * Detail pages of one column built, rendered and written by a worker from their rows (workerMain.ts
   * DetailsRequest); `shared` (the data every page of the column shows) crosses to each worker once per `key`.
   * Answers each page's outcome in order.
   */
  async renderDetails(themeDir: string, template: string, key: string, shared: () => DetailShared, batch: Pick<DetailsRequest, 'rows' | 'tags' | 'pages'>): Promise<DetailOutcome[]> {
    const { slot, id, result } = await this.request(template);
    const fresh = !slot.details.has(key);
    try {
      slot.worker.postMessage({ op: 'details', id, themeDir, template, key, shared: fresh ? shared() : undefined, ...batch } satisfies DetailsRequest);
    } catch (err) {
      // Rows that cannot cross to a worker: nothing was sent.
      slot.pending.delete(id);
      throw err;
    }
    slot.details.add(key);
    const reply = await result;
    if (!('pages' in reply)) throw new Error('render worker answered a detail request without its pages');
    return reply.pages;
  }

  /** A request's worker (the least busy, ready), its id and its answer to come. */
  private async request(template: string) {
    if (this.closed) throw new Error('render pool closed');
    if (!/^[A-Za-z0-9_-]+$/.test(template)) throw new Error(`bad template name: ${template}`);
    const slot = this.pick();
    const id = ++this.seq;
    const result = new Promise<Rendered>((resolve, reject) => slot.pending.set(id, { resolve, reject }));
    await slot.ready;
    return { slot, id, result };
  }

  /**
   * Renders like `render`; with `file` (an absolute path the caller checked), the worker writes the page
   * there itself and answers the bytes written, unless the page holds form markers (their markup needs the
   * database): then it answers the HTML and writes nothing.
   */
  async renderTo(themeDir: string, template: string, data: Record<string, unknown>, file?: string): Promise<Rendered> {
    const { slot, id, result } = await this.request(template);
    let parts: ReturnType<RenderPool['split']>;
    try {
      parts = this.split(slot, data);
    } catch (err) {
      // Data that cannot be written: the places and strings it assigned never reach the worker, so the
      // worker is assumed to hold none (they are sent again when used).
      slot.held = [];
      slot.placeOf.clear();
      slot.stringAt = [];
      slot.strings.clear();
      slot.pending.delete(id);
      throw err;
    }
    const { json, shared, strings } = parts;
    slot.worker.postMessage({ op: 'render', id, themeDir, template, json, shared, strings, file } satisfies WorkerRequest);
    return result;
  }

  /**
   * The page's own data as JSON (what JSON.stringify(data) gives without the shared keys), and its shared
   * values as places in the worker, with their JSON when new at that place. Each value is serialized once.
   * A key whose values are each page's own (the item, its related items, a list's items) is written with
   * its long strings (bodies) as references to the worker's string table: an item's body crosses to a worker
   * once, not once per page that lists it.
   */
  private split(slot: Slot, data: Record<string, unknown>): { json: string; shared: SharedPart[]; strings?: StringPart[] } {
    const own: string[] = [];
    const shared: SharedPart[] = [];
    const fresh: StringPart[] = [];
    slot.message++;
    for (const key of Object.keys(data)) {
      const value = data[key];
      const isPlain = plain(value);
      let json = isPlain ? this.seen.get(value) : undefined;
      let again = json !== undefined;
      if (json === undefined) {
        const misses = this.textMisses.get(key) ?? 0;
        if (isPlain && misses >= TEXT_TRIES) {
          own.push(`${JSON.stringify(key)}:${this.encode(slot, value, fresh)}`);
          continue;
        }
        json = JSON.stringify(value) as string | undefined;
        if (json === undefined) continue;
        if (isPlain) {
          this.seen.set(value, json);
          // Another object with a text seen before (a page's own copy of the site, its menu…) is shared too.
          // (A key whose values keep being new, such as each page's own item, is soon not looked up any more.)
          if (json.length <= SHARED_TEXT_MAX && misses < TEXT_TRIES) again = this.texts.has(json);
          if (again) this.textMisses.set(key, -1);
          else {
            if (misses >= 0) this.textMisses.set(key, misses + 1);
            if (json.length <= SHARED_TEXT_MAX) {
              if (this.texts.size >= TEXTS_SEEN) this.texts.clear();
              this.texts.add(json);
            }
          }
        }
      }
      if (!again) {
        // A plain text holding strings that start with U+0000 is written again with them as references, so
        // that no plain string is read as a reference (see encode).
        own.push(`${JSON.stringify(key)}:${json.includes('\\u0000') ? this.encode(slot, value, fresh) : json}`);
        continue;
      }
      let place = slot.placeOf.get(json);
      if (place !== undefined && slot.held[place] === json) {
        shared.push([key, place]);
        continue;
      }
      place = slot.nextPlace;
      slot.nextPlace = (place + 1) % SHARED_PLACES;
      const old = slot.held[place];
      if (old !== undefined && slot.placeOf.get(old) === place) slot.placeOf.delete(old);
      slot.held[place] = json;
      slot.placeOf.set(json, place);
      shared.push([key, place, json]);
    }
    return { json: `{${own.join(',')}}`, shared, strings: fresh.length ? fresh : undefined };
  }

  /**
   * JSON of a page's own value, its long strings (and any string starting with U+0000) written as
   * "\u0000<slot>", the slot of the worker's string table that holds them; `fresh` collects the strings the
   * worker does not hold yet (sent with the message, stored before it is parsed). The table is a ring of
   * STRING_SLOTS: a new string never takes a slot the same message refers to.
   */
  private encode(slot: Slot, value: unknown, fresh: StringPart[]): string {
    // The message this value goes with: a slot it refers to is never taken by another of its strings.
    const message = slot.message;
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v !== 'string' || (v.length < LONG_STRING && v.charCodeAt(0) !== 0)) return v;
      let at = slot.strings.get(v);
      if (at !== undefined && slot.stringAt[at] === v) {
        slot.usedIn[at] = message;
        return `\u0000${at}`;
      }
      // Too many new ones for one message: written inline (a string starting with U+0000 stays a reference).
      if (fresh.length >= STRING_SLOTS / 4 && v.charCodeAt(0) !== 0) return v;
      for (let n = 0; slot.usedIn[slot.nextString] === message; n++) {
        if (n >= STRING_SLOTS) throw new Error('render data holds too many long strings');
        slot.nextString = (slot.nextString + 1) % STRING_SLOTS;
      }
      at = slot.nextString;
      slot.nextString = (at + 1) % STRING_SLOTS;
      const old = slot.stringAt[at];
      if (old !== undefined && slot.strings.get(old) === at) slot.strings.delete(old);
      slot.stringAt[at] = v;
      slot.strings.set(v, at);
      slot.usedIn[at] = message;
      fresh.push([at, v]);
      return `\u0000${at}`;
    }) as string;
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
    // A worker with nothing pending is parked (parkWorkers) while there is room; the others end.
    const ending: Slot[] = [];
    for (const slot of slots) {
      if (this.options.parkWorkers && !slot.pending.size && parked.length < generationPoolSize()) park(slot.worker);
      else ending.push(slot);
    }
    await Promise.all(ending.map((s) => s.worker.terminate()));
  }
}
