import { pinyin } from 'pinyin-pro';
import type { PinyinKeys } from './account';

// How a Chinese title is typed on a Latin keyboard: its whole pinyin and its initials (内容管理 → neirongguanli,
// nrgl), lower case without tones or spaces; Latin letters and digits in the title stay as they are. Used by
// the server (dynamic menu items) and at build time (the menu titles of the catalog); never bundled into the
// admin (pinyin-pro's dictionary is ~300 kB).

export function pinyinKeys(text: string): PinyinKeys {
  let full = '';
  let initials = '';
  for (const item of pinyin(text, { type: 'all', toneType: 'none', v: true, nonZh: 'consecutive' })) {
    if (item.isZh) {
      const syllable = item.pinyin.toLowerCase().replace(/[^a-z]/g, '');
      full += syllable;
      initials += syllable.slice(0, 1);
    } else {
      const latin = item.origin.toLowerCase().replace(/\s+/g, '');
      full += latin;
      initials += latin;
    }
  }
  return { full, initials };
}
