import { HOOK_CAPABILITY, type PluginHook } from '../../models/plugin';
import type { HookPayloads, HookResults, PluginContext, PluginDefinition } from './types';

// The plugin host, one per app (`app.ctx.plugins`): knows every available plugin definition (built-ins
// register at start, market plugins when installed) and which are enabled. Hook points call `run`; only
// enabled plugins that declared the hook and its capability are called, in id order; what a hook throws is
// logged and skipped. Enabling/disabling takes effect at once (no restart): the state operations call
// `setEnabled` after their transaction commits, and `load` restores it at start.

export type ContextFactory = (def: PluginDefinition) => PluginContext;

export class PluginHost {
  private readonly definitions = new Map<string, PluginDefinition>();
  private readonly enabled = new Set<string>();
  private contexts = new Map<string, PluginContext>();

  constructor(
    private makeContext: ContextFactory,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Replaces how contexts are built (the app wires database and services after construction). */
  useContextFactory(factory: ContextFactory) {
    this.makeContext = factory;
    this.contexts.clear();
  }

  register(def: PluginDefinition) {
    this.definitions.set(def.manifest.id, def);
    this.contexts.delete(def.manifest.id);
  }

  unregister(id: string) {
    this.definitions.delete(id);
    this.enabled.delete(id);
    this.contexts.delete(id);
  }

  definition(id: string): PluginDefinition | undefined {
    return this.definitions.get(id);
  }

  all(): PluginDefinition[] {
    return [...this.definitions.values()].sort((a, b) => a.manifest.id.localeCompare(b.manifest.id));
  }

  isEnabled(id: string): boolean {
    return this.enabled.has(id) && this.definitions.has(id);
  }

  setEnabled(id: string, on: boolean) {
    if (on) this.enabled.add(id);
    else this.enabled.delete(id);
  }

  /** Enabled plugins, in id order. */
  enabledPlugins(): PluginDefinition[] {
    return this.all().filter((d) => this.enabled.has(d.manifest.id));
  }

  context(def: PluginDefinition): PluginContext {
    let ctx = this.contexts.get(def.manifest.id);
    if (!ctx) {
      ctx = this.makeContext(def);
      this.contexts.set(def.manifest.id, ctx);
    }
    return ctx;
  }

  /** Calls `hook` on every enabled plugin that declared it; returns the results of those that did not throw. */
  async run<H extends PluginHook>(hook: H, payload: HookPayloads[H]): Promise<Array<{ id: string; result: HookResults[H] }>> {
    const out: Array<{ id: string; result: HookResults[H] }> = [];
    for (const def of this.enabledPlugins()) {
      const handler = def.hooks[hook];
      const m = def.manifest;
      if (!handler || !m.hooks.includes(hook) || !m.capabilities.includes(HOOK_CAPABILITY[hook])) continue;
      try {
        out.push({ id: m.id, result: (await handler(payload, this.context(def))) as HookResults[H] });
      } catch (err) {
        this.log(`plugin ${m.id}: hook ${hook} failed`, err);
      }
    }
    return out;
  }
}
