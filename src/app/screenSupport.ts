import { loadFeatureStrings } from '../i18n';
import { loadScreenRecipes } from '../theme/system';

// What every screen but the dashboard needs beyond the shell: the features' strings and the Chakra recipes
// of dialogs, menus, switches… Loaded once, the first time such a screen (or dialog) opens.

let ready: Promise<void> | undefined;
export function loadScreenSupport(): Promise<void> {
  ready ??= Promise.all([loadFeatureStrings(), loadScreenRecipes()]).then(() => undefined);
  return ready;
}
