// Light or dark, before the first paint: main.tsx imports this module first (an inline script would be
// refused by the admin's CSP). The user's choice ('light' | 'dark'; none follows the system) is kept in
// localStorage; Chakra's semantic tokens and `color-scheme` (src/theme/system.ts) switch on the class of
// <html>. It is part of the login page's first load, so it only applies the choice; the switch
// (src/theme/ColorModeSwitch.tsx) loads with the screens.

export const COLOR_MODE_KEY = 'colorMode';
const systemDark = matchMedia('(prefers-color-scheme: dark)');

/** Puts the stored choice, or the system's mode, on <html>. */
export function applyColorMode() {
  const pref = localStorage.getItem(COLOR_MODE_KEY);
  document.documentElement.className = pref === 'dark' || (pref !== 'light' && systemDark.matches) ? 'dark' : 'light';
}

applyColorMode();
systemDark.onchange = applyColorMode;
