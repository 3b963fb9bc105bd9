import type { MessagePort } from 'node:worker_threads';
import { ThemeRenderer, type RenderLimits } from './engine';

// Inside a render worker thread: one sandboxed ThemeRenderer answering the pool's requests.

export type WorkerRequest =
  | { op: 'render'; id: number; themeDir: string; template: string; json: string }
  | { op: 'clear' };
export type WorkerReply = { id: number; html: string } | { id: number; error: string; name: string };

export function serveRenders(port: MessagePort | null, limits: RenderLimits | undefined) {
  if (!port) throw new Error('render worker started outside a worker thread');
  const renderer = new ThemeRenderer(limits);
  port.on('message', (msg: WorkerRequest) => {
    if (msg.op === 'clear') return renderer.clear();
    renderer.render(msg.themeDir, msg.template, JSON.parse(msg.json) as Record<string, unknown>).then(
      (html) => port.postMessage({ id: msg.id, html } satisfies WorkerReply),
      (err: unknown) =>
        port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : 'Error' } satisfies WorkerReply),
    );
  });
  port.postMessage({ id: 0, html: 'ready' } satisfies WorkerReply);
}
