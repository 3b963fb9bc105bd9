import { loadFeatureStrings } from '../i18n';
import { loadScreenRecipes } from '../theme/system';
import { loadViews } from '../routes/registry';

// What every screen but the dashboard needs beyond the shell: the features' strings, the Chakra recipes
// of dialogs, menus, switches… and the screens' lazy imports. Loaded once, the first time such a screen
// (or dialog) opens.

let ready: Promise<void> | undefined;
export function loadScreenSupport(): Promise<void> {
  ready ??= Promise.all([loadFeatureStrings(), loadScreenRecipes(), loadViews()]).then(() => undefined);
  return ready;
}
