import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createActor, type Actor } from 'xstate';
import { canConfigure, canDisable, canEnable, canInstall, canUninstall, pluginAt, pluginMachine, type PluginSnapshot } from '../../../machines/plugin.machine';
import type { PluginDetail, PluginEventEntry, PluginListItem } from '../../../models/plugin';
import type { UserMenuList } from '../../../models/account';
import { ApiFailure, get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { shellStore } from '../../app/shellStore';
import { traceInspector } from '../../app/trace';
import { useStore } from '../../app/store';
import { languageStore } from '../../i18n';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
type PluginActor = Actor<typeof pluginMachine>;

/**
 * Enabling or disabling changes the menu at once: the shell's menu is reloaded now (the guard lets plugin pages
 * through for whoever may open the plugin list, see authorityAllows; the API answers 404 for a disabled one's).
 */
export async function refreshUserMenu() {
  try {
    const { data } = await get<UserMenuList>('/adminmenu/getUserMenuList', undefined, { quietSession: true });
    shellStore.set({ ...shellStore.get(), menu: data.menu, authority: data.authority });
  } catch {
    /* the menu keeps what it had until the next sign-in */
  }
}

/**
 * One actor of the lifecycle chart (machines/plugin.machine.ts, the server's own rules) per plugin, started at
 * the state the server reports. An action is sent to the actor first (install → installing), then to the server,
 * whose outcome is sent next (installed / installFailed …); the list is then read again as the server has it.
 */
class PluginActors {
  private actors = new Map<string, PluginActor>();
  private listeners = new Set<() => void>();
  private version = 0;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getVersion = () => this.version;
  private changed = () => {
    this.version++;
    for (const l of this.listeners) l();
  };
  sync(rows: readonly PluginListItem[]) {
    for (const a of this.actors.values()) a.stop();
    this.actors = new Map(
      rows.map((r) => {
        // Traced like every chart's actor; the trace notes the state it was restored at (the replay starts there).
        const actor = createActor(pluginMachine, { snapshot: pluginAt(r.state, { version: r.version, lastError: r.last_error }), inspect: traceInspector(pluginMachine) });
        actor.subscribe(this.changed);
        return [r.id, actor.start()];
      }),
    );
    this.changed();
  }
  snapshot(id: string): PluginSnapshot {
    return this.actors.get(id)?.getSnapshot() ?? pluginAt('notInstalled');
  }
  send(id: string, event: Parameters<PluginActor['send']>[0]) {
    this.actors.get(id)?.send(event);
  }
  stop() {
    for (const a of this.actors.values()) a.stop();
  }
}

export interface PluginView {
  item: PluginListItem;
  snapshot: PluginSnapshot;
  busy: boolean;
  canInstall: boolean;
  canEnable: boolean;
  canDisable: boolean;
  canUninstall: boolean;
  canConfigure: boolean;
}

/** /Plugin/index, installed tab: the plugins with what each may do now, the uninstall confirm and the trail drawer. */
export function usePlugins() {
  const lang = useStore(languageStore);
  const actors = useMemo(() => new PluginActors(), []);
  useEffect(() => () => actors.stop(), [actors]);
  useSyncExternalStore(actors.subscribe, actors.getVersion);
  const [rows, setRows] = useState<PluginListItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PluginDetail | null>(null);
  const [trailOf, setTrailOf] = useState<PluginListItem | null>(null);
  const [trail, setTrail] = useState<PluginEventEntry[] | null>(null);
  const [settingsOf, setSettingsOf] = useState<PluginListItem | null>(null);
  const latest = useRef(0);

  const reload = useCallback(() => {
    const call = ++latest.current;
    get<PluginListItem[]>('/plugin/index')
      .then(({ data }) => {
        if (call !== latest.current) return;
        actors.sync(data);
        setRows(data);
        setLoadError(null);
      })
      .catch((e: unknown) => setLoadError(messageOf(e)));
  }, [actors]);
  useEffect(reload, [reload, lang]);

  /** Runs a lifecycle call: intent to the chart, the call, its outcome to the chart, then the server's list. */
  const act = useCallback(
    async (id: string, intent: Parameters<PluginActor['send']>[0], call: () => Promise<{ msg: string }>, outcome: { ok?: Parameters<PluginActor['send']>[0]; failed?: (reason: string) => Parameters<PluginActor['send']>[0] }) => {
      actors.send(id, intent);
      try {
        const { msg } = await call();
        if (outcome.ok) actors.send(id, outcome.ok);
        notify('success', msg);
      } catch (e) {
        // 409: the chart on the server refused (someone else acted first); a 500 is the work's own failure.
        if (e instanceof ApiFailure && e.code === 500 && outcome.failed) actors.send(id, outcome.failed(e.message));
        notify('error', messageOf(e));
      } finally {
        reload();
        void refreshUserMenu();
      }
    },
    [actors, reload],
  );

  const views: PluginView[] = (rows ?? []).map((item) => {
    const snapshot = actors.snapshot(item.id);
    return {
      item,
      snapshot,
      busy: snapshot.hasTag('busy'),
      canInstall: canInstall(snapshot),
      canEnable: canEnable(snapshot),
      canDisable: canDisable(snapshot),
      canUninstall: canUninstall(snapshot),
      canConfigure: canConfigure(snapshot) && item.has_settings,
    };
  });

  return {
    plugins: views,
    loaded: rows !== null,
    loadError,
    reload,
    install: (p: PluginListItem) =>
      act(p.id, { type: 'plugin.install', version: p.available_version }, () => post('/plugin/install', { id: p.id }), {
        ok: { type: 'plugin.installed' },
        failed: (reason) => ({ type: 'plugin.installFailed', reason }),
      }),
    enable: (p: PluginListItem) => act(p.id, { type: 'plugin.enable' }, () => post('/plugin/enable', { id: p.id }), {}),
    disable: (p: PluginListItem) => act(p.id, { type: 'plugin.disable' }, () => post('/plugin/disable', { id: p.id }), {}),
    /** Uninstall asks first, naming the tables that go with the plugin. */
    askUninstall: (p: PluginListItem) => {
      get<PluginDetail>('/plugin/read', { id: p.id })
        .then(({ data }) => setConfirming(data))
        .catch((e: unknown) => notify('error', messageOf(e)));
    },
    confirming,
    cancelUninstall: () => setConfirming(null),
    confirmUninstall: () => {
      const p = confirming;
      if (!p) return;
      setConfirming(null);
      void act(p.id, { type: 'plugin.uninstall' }, () => post('/plugin/uninstall', { id: p.id, confirm: true }), {
        ok: { type: 'plugin.uninstalled' },
        failed: (reason) => ({ type: 'plugin.uninstallFailed', reason }),
      });
    },
    trailOf,
    trail,
    openTrail: (p: PluginListItem) => {
      setTrailOf(p);
      setTrail(null);
      get<PluginEventEntry[]>('/plugin/events', { id: p.id })
        .then(({ data }) => setTrail(data))
        .catch((e: unknown) => {
          setTrail([]);
          notify('error', messageOf(e));
        });
    },
    closeTrail: () => setTrailOf(null),
    settingsOf,
    openSettings: (p: PluginListItem) => setSettingsOf(p),
    closeSettings: () => setSettingsOf(null),
  };
}

export type Plugins = ReturnType<typeof usePlugins>;
