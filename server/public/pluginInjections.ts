import type { FastifyInstance } from 'fastify';
import { wants } from '../pluginHost/hookPoints';

// The page.render hook point: each enabled plugin's head goes before </head> and its body before </body>
// (appended where the page has no such tag). Costs nothing while no enabled plugin hooks page rendering.

export async function pluginInjections(app: FastifyInstance, siteId: number, path: string, kind: string, html: string): Promise<string> {
  const host = app.ctx.plugins;
  if (!wants(host, 'page.render')) return html;
  let head = '';
  let body = '';
  for (const { result } of await host.run('page.render', { siteId, path: path.split('?')[0]!, kind })) {
    if (!result) continue;
    if (typeof result.head === 'string') head += result.head;
    if (typeof result.body === 'string') body += result.body;
  }
  return injectBefore(injectBefore(html, '</head>', head), '</body>', body);
}

/** Puts `text` before the last `tag` (case-insensitive), or at the end when there is none. */
export function injectBefore(html: string, tag: string, text: string): string {
  if (!text) return html;
  const at = html.toLowerCase().lastIndexOf(tag);
  return at < 0 ? html + text : html.slice(0, at) + text + html.slice(at);
}
