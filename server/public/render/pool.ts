import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { DEFAULT_LIMITS, ThemeRenderer, type PageRenderer, type RenderLimits } from './engine';
import type { WorkerReply, WorkerRequest } from './workerMain';

// Renders templates in worker threads, so a long static generation keeps the server's event loop free for
// admin and public requests. Each worker holds its own sandboxed ThemeRenderer (same limits); data crosses as
// JSON text, which is exactly the plain copy a render sees anyway. A worker that dies fails only its own
// pending renders and is replaced on the next call.

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (html: string) => void; reject: (err: Error) => void }>;
}

/** Worker threads a pool starts by default: the cores minus one for the server, at least 1, at most 4. */
export const defaultPoolSize = () => Math.max(1, Math.min(os.availableParallelism() - 1, 4));

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
    const slot: Slot = { worker, ready, pending };
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

  /** Renders in the least busy worker (ties: round robin). */
  async render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string> {
    if (this.closed) throw new Error('render pool closed');
    if (!/^[A-Za-z0-9_-]+$/.test(template)) throw new Error(`bad template name: ${template}`);
    const json = JSON.stringify(data);
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
    slot.worker.postMessage({ op: 'render', id, themeDir, template, json } satisfies WorkerRequest);
    return result;
  }

  has(themeDir: string, template: string): Promise<boolean> {
    return this.local.has(themeDir, template);
  }

  clear() {
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
