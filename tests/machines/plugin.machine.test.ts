import { describe, expect, it } from 'vitest';
import { pluginAt, pluginMachine, pluginRefusal, pluginState, PluginReplayError, replayPlugin } from '../../machines/plugin.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { pluginModelTests } from './plugin.model';

const coverage = trackTransitions(pluginMachine);

describe('plugin chart, every path of the model', () => {
  const tests = pluginModelTests(pluginMachine, coverage);
  it('the model has paths to walk', () => expect(tests.length).toBeGreaterThan(20));
  for (const test of tests) it(test.name, test.run);
});

describe('plugin chart, as the server replays it', () => {
  it('an install, a disable, an upgrade and an uninstall replay to the state the trail shows', () => {
    const s = replayPlugin([
      { type: 'plugin.install', version: '1.0.0' },
      { type: 'plugin.installed' },
      { type: 'plugin.disable' },
      { type: 'plugin.upgrade', version: '1.2.0' },
    ]);
    expect(pluginState(s)).toBe('disabled');
    expect(s.context).toEqual({ version: '1.2.0', settingsKept: true, lastError: '' });
    const gone = replayPlugin([
      { type: 'plugin.install', version: '1.0.0' },
      { type: 'plugin.installFailed', reason: 'x' },
      { type: 'plugin.uninstall' },
      { type: 'plugin.uninstalled' },
    ]);
    expect(pluginState(gone)).toBe('notInstalled');
  });

  it('a history with a refused event does not replay; the error names the event and the reason', () => {
    expect(() => replayPlugin([{ type: 'plugin.install', version: '1.0.0' }, { type: 'plugin.enable' }])).toThrow(PluginReplayError);
    try {
      replayPlugin([{ type: 'plugin.install', version: '1.0.0' }, { type: 'plugin.installed' }, { type: 'plugin.install', version: '1.0.0' }]);
    } catch (err) {
      expect(err).toMatchObject({ index: 2, reason: 'alreadyInstalled' });
    }
  });

  it('names why an event is refused', () => {
    expect(pluginRefusal(pluginAt('installing'), { type: 'plugin.enable' })).toBe('busy');
    expect(pluginRefusal(pluginAt('enabled'), { type: 'plugin.enable' })).toBe('alreadyEnabled');
    expect(pluginRefusal(pluginAt('disabled'), { type: 'plugin.disable' })).toBe('alreadyDisabled');
    expect(pluginRefusal(pluginAt('notInstalled'), { type: 'plugin.disable' })).toBe('notInstalled');
    expect(pluginRefusal(pluginAt('enabled', { version: '2.0.0' }), { type: 'plugin.upgrade', version: '1.9.9' })).toBe('notNewer');
    expect(pluginRefusal(pluginAt('enabled', { version: '2.0.0' }), { type: 'plugin.upgrade', version: '2.0' })).toBe('badVersion');
    expect(pluginRefusal(pluginAt('enabled'), { type: 'plugin.installed' })).toBe('notBusy');
    expect(pluginRefusal(pluginAt('notInstalled'), { type: 'plugin.install', version: 'v1' })).toBe('badVersion');
    expect(pluginRefusal(pluginAt('enabled', { version: '1.9.0' }), { type: 'plugin.upgrade', version: '1.10.0' })).toBeNull();
    expect(pluginAt('bogus').value).toBe('notInstalled');
  });
});

describe('plugin chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
