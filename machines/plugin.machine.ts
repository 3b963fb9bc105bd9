import { assign, createActor, setup, type SnapshotFrom } from 'xstate';
import { isNewerVersion, PLUGIN_STATES, PLUGIN_VERSION, type PluginEvent, type PluginState } from '../models/plugin';

// A plugin's lifecycle (issue 13, spec §4 "Plugin: not installed, enabled, disabled"): the single source of its
// rules. The server replays a plugin's stored events through this chart to derive its state and refuses (409)
// what the chart refuses; the /Plugin/index screen asks the same chart which actions to offer.
//
// notInstalled --install{version}--> installing --installed--> enabled | --installFailed{reason}--> failed
// enabled <--disable / enable--> disabled; both --upgrade{version}--> themselves (settings and on/off kept)
// enabled | disabled --uninstall--> uninstalling --uninstalled--> notInstalled | --uninstallFailed{reason}--> failed
// failed --install--> installing (retry) | --uninstall--> uninstalling (clean up)

export interface PluginLifecycle {
  /** The installed (or being installed) version; '' when not installed. */
  version: string;
  /** The settings survived the last version change (an upgrade); a fresh install starts from defaults. */
  settingsKept: boolean;
  /** Why the plugin is failed ('' otherwise). */
  lastError: string;
}

export const initialPluginContext: PluginLifecycle = { version: '', settingsKept: false, lastError: '' };

type E<T extends PluginEvent['type']> = Extract<PluginEvent, { type: T }>;

const validVersion = (v: unknown) => typeof v === 'string' && PLUGIN_VERSION.test(v);

export const pluginMachine = setup({
  types: { context: {} as PluginLifecycle, events: {} as PluginEvent },
  guards: {
    validVersion: ({ event }) => validVersion((event as E<'plugin.install'>).version),
    newerVersion: ({ context, event }) => {
      const v = (event as E<'plugin.upgrade'>).version;
      return validVersion(v) && isNewerVersion(v, context.version);
    },
  },
  actions: {
    takeVersion: assign(({ event }) => ({ version: (event as E<'plugin.install'>).version, settingsKept: false, lastError: '' })),
    clearError: assign({ lastError: '' }),
    recordFailure: assign(({ event }) => ({ lastError: (event as E<'plugin.installFailed'>).reason || '-' })),
    forget: assign({ version: '', settingsKept: false, lastError: '' }),
    upgrade: assign(({ event }) => ({ version: (event as E<'plugin.upgrade'>).version, settingsKept: true })),
  },
}).createMachine({
  id: 'plugin',
  context: initialPluginContext,
  initial: 'notInstalled',
  states: {
    notInstalled: { on: { 'plugin.install': { guard: 'validVersion', target: 'installing', actions: 'takeVersion' } } },
    installing: {
      tags: ['busy'],
      on: {
        'plugin.installed': { target: 'enabled', actions: 'clearError' },
        'plugin.installFailed': { target: 'failed', actions: 'recordFailure' },
      },
    },
    enabled: {
      tags: ['installed', 'active'],
      on: {
        'plugin.disable': { target: 'disabled' },
        'plugin.uninstall': { target: 'uninstalling' },
        'plugin.upgrade': { guard: 'newerVersion', actions: 'upgrade' },
      },
    },
    disabled: {
      tags: ['installed'],
      on: {
        'plugin.enable': { target: 'enabled' },
        'plugin.uninstall': { target: 'uninstalling' },
        'plugin.upgrade': { guard: 'newerVersion', actions: 'upgrade' },
      },
    },
    uninstalling: {
      tags: ['busy'],
      on: {
        'plugin.uninstalled': { target: 'notInstalled', actions: 'forget' },
        'plugin.uninstallFailed': { target: 'failed', actions: 'recordFailure' },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'plugin.install': { guard: 'validVersion', target: 'installing', actions: 'takeVersion' },
        'plugin.uninstall': { target: 'uninstalling', actions: 'clearError' },
      },
    },
  },
});

export type PluginSnapshot = SnapshotFrom<typeof pluginMachine>;

/** Why the chart would refuse `event` in `snapshot` (null: it accepts it). The server turns this into its 409 message. */
export type PluginRefusal = 'busy' | 'notInstalled' | 'alreadyInstalled' | 'alreadyEnabled' | 'alreadyDisabled' | 'badVersion' | 'notNewer' | 'notBusy';
export function pluginRefusal(snapshot: PluginSnapshot, event: PluginEvent): PluginRefusal | null {
  if (snapshot.can(event)) return null;
  const installed = snapshot.hasTag('installed');
  switch (event.type) {
    case 'plugin.installed':
    case 'plugin.installFailed':
    case 'plugin.uninstalled':
    case 'plugin.uninstallFailed':
      return 'notBusy';
    default:
  }
  if (snapshot.hasTag('busy')) return 'busy';
  switch (event.type) {
    case 'plugin.install':
      return installed ? 'alreadyInstalled' : 'badVersion';
    case 'plugin.enable':
      return snapshot.matches('enabled') ? 'alreadyEnabled' : 'notInstalled';
    case 'plugin.disable':
      return snapshot.matches('disabled') ? 'alreadyDisabled' : 'notInstalled';
    case 'plugin.upgrade':
      if (!installed) return 'notInstalled';
      return validVersion(event.version) ? 'notNewer' : 'badVersion';
    default:
      return 'notInstalled';
  }
}

export const pluginState = (snapshot: PluginSnapshot): PluginState => snapshot.value as PluginState;

/** A fresh plugin actor (state notInstalled). */
export const startPlugin = () => createActor(pluginMachine).start();

/** The first event of a replay the chart refused, with its index and the reason. */
export class PluginReplayError extends Error {
  constructor(
    readonly index: number,
    readonly reason: PluginRefusal,
  ) {
    super(`plugin event ${index} refused: ${reason}`);
  }
}

/** Replays `events` from notInstalled; the first refused one throws a PluginReplayError. */
export function replayPlugin(events: readonly PluginEvent[]): PluginSnapshot {
  const actor = startPlugin();
  events.forEach((event, index) => {
    const reason = pluginRefusal(actor.getSnapshot(), event);
    if (reason) throw new PluginReplayError(index, reason);
    actor.send(event);
  });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** The chart at a listed state (a projection row), for views that only have the state and version. */
export function pluginAt(state: unknown, context: Partial<PluginLifecycle> = {}): PluginSnapshot {
  const value = (PLUGIN_STATES as readonly unknown[]).includes(state) ? (state as PluginState) : 'notInstalled';
  return pluginMachine.resolveState({ value, context: { ...initialPluginContext, ...context } });
}

/** The actions the admin may take now (what the screen offers). */
export const canInstall = (s: PluginSnapshot) => s.can({ type: 'plugin.install', version: s.context.version || '0.0.1' });
export const canEnable = (s: PluginSnapshot) => s.can({ type: 'plugin.enable' });
export const canDisable = (s: PluginSnapshot) => s.can({ type: 'plugin.disable' });
export const canUninstall = (s: PluginSnapshot) => s.can({ type: 'plugin.uninstall' });
/** Settings can be edited while the plugin is installed (enabled or disabled). */
export const canConfigure = (s: PluginSnapshot) => s.hasTag('installed');
