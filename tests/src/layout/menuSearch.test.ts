import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../models/menu';
import { pinyinKeys } from '../../../models/pinyinKeys';
import { menuPinyinTable } from '../../../server/clientPinyin';
import { zh } from '../../../src/i18n/zh';
import { en } from '../../../src/i18n/en';
import { paletteEntries, searchPalette, type TitleReader } from '../../../src/layout/menuSearch';

// Issue 16: the menu search finds a screen by its title in either language, its whole pinyin or its initials.

let nextId = 1;
function item(title: string, path: string, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem {
  const id = nextId++;
  return { id, parent_id: 0, key: title, title, path, icon: '', level: 1, hidden: false, is_dynamic: false, guide: '', typeless: false, pinned: false, redirect: '', params: '', children, ...extra };
}

const MENU: MenuItem[] = [
  item('menu.website', '/website', [
    item('menu.contentManage', '/website/content', [item('menu.attachmentCate', '/AttachmentCate/index'), item('menu.category', '/Category/index')]),
    item('menu.module', '/Module/index'),
    item('menu.modelField', '/ModelField/index', [], { hidden: true }),
  ]),
  item('menu.customContent', '/customContent', [item('公司新闻', '/customContent/7')]),
];

const table = menuPinyinTable();
const columns = new Map([['公司新闻', [pinyinKeys('公司新闻').full, pinyinKeys('公司新闻').initials] as const]]);
const lookup = (catalog: object, title: string) => {
  let node: unknown = catalog;
  for (const part of title.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : title;
};
const reader = (shown: 'zh' | 'en'): TitleReader => ({
  shown: (title) => lookup(shown === 'zh' ? zh : en, title),
  zh: (title) => lookup(zh, title),
  en: (title) => lookup(en, title),
  pinyin: (zhTitle) => table[zhTitle] ?? columns.get(zhTitle),
});

const titles = (query: string, shown: 'zh' | 'en' = 'zh') => searchPalette(paletteEntries(MENU, reader(shown)), query).map((e) => e.title);

describe('menu search', () => {
  it('the build-time table has the pinyin of every menu title of the catalog', () => {
    expect(table['内容管理']).toEqual(['neirongguanli', 'nrgl']);
    for (const title of Object.values(zh.menu)) expect(table[title], title).toBeDefined();
  });

  it('finds 内容管理 by its initials, its pinyin, its Chinese and its English title', () => {
    expect(titles('nrgl')).toEqual(['内容管理']);
    // 自定义内容 (zidingyineirong) holds it too, after the title that starts with it.
    expect(titles('neirong')).toEqual(['内容管理', '自定义内容']);
    expect(titles('NeiRong GuanLi')).toEqual(['内容管理']);
    expect(titles('内容')).toEqual(['内容管理', '自定义内容']);
    expect(titles(en.menu.contentManage.toLowerCase())[0]).toBe('内容管理');
  });

  it('shows titles in the interface language and finds them by the other language too', () => {
    expect(titles('nrgl', 'en')).toEqual([en.menu.contentManage]);
    expect(titles('内容管理', 'en')).toEqual([en.menu.contentManage]);
  });

  it('finds columns of the dynamic menu by their pinyin', () => {
    expect(titles('gsxw')).toEqual(['公司新闻']);
    expect(titles('gongsi')).toEqual(['公司新闻']);
  });

  it('a group opens on its first visible page, and hidden pages are never offered', () => {
    const entries = paletteEntries(MENU, reader('zh'));
    expect(entries.find((e) => e.title === '内容管理')?.path).toBe('/AttachmentCate/index');
    expect(entries.find((e) => e.title === '附件管理')?.trail).toEqual(['网站', '内容管理']);
    expect(entries.some((e) => e.path === '/ModelField/index')).toBe(false);
  });

  it('ranks titles that start with the query before those that contain it, and an empty query finds nothing', () => {
    const prefixFirst = searchPalette(paletteEntries(MENU, reader('zh')), 'mx');
    expect(prefixFirst[0]?.title).toBe('模型管理');
    expect(titles('   ')).toEqual([]);
    expect(titles('zzzz')).toEqual([]);
  });
});
