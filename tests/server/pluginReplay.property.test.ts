import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { registerTestPlugin, testPlugin, uniquePluginId } from '../helpers/plugins';
import { pluginRefusal, pluginState, replayPlugin } from '../../machines/plugin.machine';
import { toPluginEvent } from '../../server/operations/plugins/events';
import type { PluginDetail, PluginEvent, PluginEventEntry } from '../../models/plugin';

// The server derives a plugin's state by replaying its stored events through the lifecycle chart: for random
// sequences of admin intents, the trail the API answers replays on the client to the state the API reports and
// to the state the chart predicts; what the chart refuses answers 409 and leaves the trail as it was.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  token = await t.login();
});
afterAll(() => t?.close());

type Intent = 'install' | 'enable' | 'disable' | 'uninstall';
const INTENT_EVENT: Record<Intent, PluginEvent> = {
  install: { type: 'plugin.install', version: '1.0.0' },
  enable: { type: 'plugin.enable' },
  disable: { type: 'plugin.disable' },
  uninstall: { type: 'plugin.uninstall' },
};

it('server replay through the API equals client-side replay; refused intents answer 409 and change nothing', async () => {
  const api = () => t.client(token);
  await fc.assert(
    fc.asyncProperty(fc.boolean(), fc.array(fc.constantFrom<Intent>('install', 'enable', 'disable', 'uninstall'), { minLength: 1, maxLength: 8 }), async (breaks, intents) => {
      const id = uniquePluginId('p');
      // A plugin whose migration names a foreign table always fails to install.
      registerTestPlugin(t, testPlugin(id, breaks ? { migrations: [`CREATE TABLE not_${id} (id int)`] } : {}));
      let model = replayPlugin([]);
      const trail = async () => (await api().get<PluginEventEntry[]>('/plugin/events', { id })).data;
      for (const intent of intents) {
        const before = await trail();
        const event = INTENT_EVENT[intent];
        const res = await api().post(`/plugin/${intent}`, intent === 'uninstall' ? { id, confirm: true } : { id });
        if (pluginRefusal(model, event)) {
          expect(res.code, `${intent} from ${pluginState(model)}`).toBe(409);
          expect(await trail()).toEqual(before);
          continue;
        }
        const outcome: PluginEvent[] =
          intent === 'install' ? [breaks ? { type: 'plugin.installFailed', reason: expect.any(String) as unknown as string } : { type: 'plugin.installed' }] : intent === 'uninstall' ? [{ type: 'plugin.uninstalled' }] : [];
        expect(res.code, `${intent} from ${pluginState(model)}: ${res.msg}`).toBe(intent === 'install' && breaks ? 500 : 0);
        const after = await trail();
        const added = after.slice(0, after.length - before.length).reverse().map(toPluginEvent);
        expect(added).toEqual([event, ...outcome]);
        model = replayPlugin([...[...before].reverse().map(toPluginEvent), ...added]);
        // The client-side replay of the whole trail, the server's answer and the chart agree.
        const replayed = replayPlugin([...after].reverse().map(toPluginEvent));
        const detail = (await api().get<PluginDetail>('/plugin/read', { id })).data;
        expect(detail.state).toBe(pluginState(replayed));
        expect(detail.state).toBe(pluginState(model));
        expect(detail.version).toBe(replayed.context.version);
        expect(t.app.ctx.plugins.isEnabled(id)).toBe(detail.state === 'enabled');
      }
    }),
    { numRuns: 15 },
  );
}, 240_000);
