import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { pluginMachine } from '../../machines/plugin.machine';
import { canConfigure, canDisable, canEnable, canInstall, canUninstall, pluginRefusal } from '../../machines/plugin.machine';
import type { PluginEvent } from '../../models/plugin';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EVENTS } from './examples/plugin.examples';

// The plugin lifecycle chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof pluginMachine>;
type Event = PluginEvent;

/** The chart has no side-effect actions: the server and the screen do the work around it. */
export const ACTIONS = [] as const;

const newer = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
};

/** What the screen and the server must see after each event. */
function pluginOracle({ before, after, event, effects }: StepCheck<Snapshot, Event>) {
  expect(effects).toEqual([]);
  const state = after.value as string;
  // The screen's buttons follow the chart.
  expect(after.hasTag('installed')).toBe(state === 'enabled' || state === 'disabled');
  expect(after.hasTag('busy')).toBe(state === 'installing' || state === 'uninstalling');
  expect(after.hasTag('active')).toBe(state === 'enabled');
  expect(canEnable(after)).toBe(state === 'disabled');
  expect(canDisable(after)).toBe(state === 'enabled');
  expect(canInstall(after)).toBe(state === 'notInstalled' || state === 'failed');
  expect(canUninstall(after)).toBe(['enabled', 'disabled', 'failed'].includes(state));
  expect(canConfigure(after)).toBe(state === 'enabled' || state === 'disabled');
  // Only a failed plugin shows an error; a not-installed one has no version.
  expect(after.context.lastError !== '').toBe(state === 'failed');
  if (state === 'notInstalled') expect(after.context.version).toBe('');
  // What is refused is refused with a reason and changes nothing.
  const refused = pluginRefusal(before, event);
  if (refused) {
    expect(after).toBe(before);
    return;
  }
  const was = before.value as string;
  switch (event.type) {
    case 'plugin.install':
      expect(['notInstalled', 'failed']).toContain(was);
      expect(state).toBe('installing');
      expect(after.context).toEqual({ version: event.version, settingsKept: false, lastError: '' });
      break;
    case 'plugin.installed':
      expect(was).toBe('installing');
      expect(state).toBe('enabled');
      break;
    case 'plugin.installFailed':
    case 'plugin.uninstallFailed':
      expect(was).toBe(event.type === 'plugin.installFailed' ? 'installing' : 'uninstalling');
      expect(state).toBe('failed');
      expect(after.context.lastError).toBe(event.reason);
      break;
    case 'plugin.enable':
      expect([was, state]).toEqual(['disabled', 'enabled']);
      break;
    case 'plugin.disable':
      expect([was, state]).toEqual(['enabled', 'disabled']);
      break;
    case 'plugin.uninstall':
      expect(['enabled', 'disabled', 'failed']).toContain(was);
      expect(state).toBe('uninstalling');
      break;
    case 'plugin.uninstalled':
      expect([was, state]).toEqual(['uninstalling', 'notInstalled']);
      expect(after.context).toEqual({ version: '', settingsKept: false, lastError: '' });
      break;
    case 'plugin.upgrade':
      // Upgrades keep enabled/disabled and the settings; only newer versions.
      expect(state).toBe(was);
      expect(newer(event.version, before.context.version)).toBe(true);
      expect(after.context).toMatchObject({ version: event.version, settingsKept: true });
      break;
  }
}

export const pluginModelTests: ModelSuite<typeof pluginMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, ACTIONS, coverage), pluginOracle),
  }));
};
