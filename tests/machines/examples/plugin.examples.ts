import { pluginMachine } from '../../../machines/plugin.machine';
import type { PluginEvent } from '../../../models/plugin';
import { defineExamples } from './chart';

// The example events of the plugin chart: its model-based test walks them and `npm run paths` prints them.

export const EVENTS: PluginEvent[] = [
  { type: 'plugin.install', version: '1.0.0' },
  { type: 'plugin.install', version: 'one' },
  { type: 'plugin.installed' },
  { type: 'plugin.installFailed', reason: 'table refused' },
  { type: 'plugin.enable' },
  { type: 'plugin.disable' },
  { type: 'plugin.uninstall' },
  { type: 'plugin.uninstalled' },
  { type: 'plugin.uninstallFailed', reason: 'drop failed' },
  { type: 'plugin.upgrade', version: '1.1.0' },
  { type: 'plugin.upgrade', version: '1.0.0' },
  { type: 'plugin.upgrade', version: 'x.y' },
];

export const pluginExamples = defineExamples({
  machine: pluginMachine,
  events: EVENTS,
});
