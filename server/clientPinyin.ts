import type { Plugin } from 'vite';
import { zh } from '../src/i18n/zh.js';
import { pinyinKeys } from '../models/pinyinKeys.js';

// Build-time pinyin of the menu titles: `virtual:menu-pinyin` is a table from each Chinese menu title of the
// core catalog to its whole pinyin and initials, so the menu search finds 内容管理 by `neirong` or `nrgl` without
// shipping pinyin-pro's dictionary to the browser. Columns in the dynamic menu come with their pinyin from the
// server (GET /adminmenu/getDynamicMenu).

const ID = 'virtual:menu-pinyin';
const RESOLVED = `\0${ID}`;

/** Title → [whole pinyin, initials], for every string of the catalog's `menu` section. */
export function menuPinyinTable(): Record<string, [string, string]> {
  const table: Record<string, [string, string]> = {};
  for (const title of Object.values(zh.menu) as string[]) {
    const keys = pinyinKeys(title);
    table[title] = [keys.full, keys.initials];
  }
  return table;
}

export function menuPinyin(): Plugin {
  return {
    name: 'banyan-menu-pinyin',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(menuPinyinTable())};` : undefined),
  };
}
