import type { MessagePort } from 'node:worker_threads';
import { ThemeRenderer, type RenderLimits } from './engine';

// Inside a render worker thread: one sandboxed ThemeRenderer answering the pool's requests.

/** A top-level value the worker keeps between renders: [key, place] or, when new at that place, [key, place, its JSON]. */
export type SharedPart = [key: string, place: number, json?: string];

export type WorkerRequest =
  | { op: 'render'; id: number; themeDir: string; template: string; json: string; shared?: SharedPart[] }
  | { op: 'clear' };
export type WorkerReply = { id: number; html: string } | { id: number; error: string; name: string };

export function serveRenders(port: MessagePort | null, limits: RenderLimits | undefined) {
  if (!port) throw new Error('render worker started outside a worker thread');
  const renderer = new ThemeRenderer(limits);
  // Shared values by place: parsed once, then given to every render that names them (templates never
  // change their data: LiquidJS filters and tags answer new values).
  const places: unknown[] = [];
  port.on('message', (msg: WorkerRequest) => {
    if (msg.op === 'clear') return renderer.clear();
    // The message's JSON text is the plain copy a render sees: parsed once, rendered synchronously.
    let reply: WorkerReply;
    try {
      const data = JSON.parse(msg.json) as Record<string, unknown>;
      for (const [key, place, json] of msg.shared ?? []) {
        if (json !== undefined) places[place] = JSON.parse(json);
        data[key] = places[place];
      }
      reply = { id: msg.id, html: renderer.renderPlain(msg.themeDir, msg.template, data) };
    } catch (err) {
      reply = { id: msg.id, error: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : 'Error' };
    }
    port.postMessage(reply);
  });
  port.postMessage({ id: 0, html: 'ready' } satisfies WorkerReply);
}
