import type { PluginHost } from '../../pluginHost/host';
import type { PluginMenuEntry } from '../menus';
import type { Language } from '../../../models/language';
import { pluginPagePath } from '../../../models/plugin';

/** The menu pages of the enabled plugins (a disabled plugin's vanish with the next menu load). */
export function pluginMenuEntries(host: PluginHost, lang: Language): PluginMenuEntry[] {
  return host.enabledPlugins().flatMap((def) =>
    def.manifest.menus.map((m) => ({ key: `plugin-${def.manifest.id}-${m.page}`, title: m.title[lang], path: pluginPagePath(def.manifest.id, m.page), icon: m.icon })),
  );
}
