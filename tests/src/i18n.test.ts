import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../src/i18n/catalogs';
import { MENU_TREE } from '../../models/menuTree';
import { walkTree } from '../../models/menu';
import { RESOURCES } from '../../models/resources';
import { SERVER_MESSAGES } from '../../server/i18n/messages';

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const zhKeys = flatten(CATALOGS.zh as Tree);
const enKeys = flatten(CATALOGS.en as Tree);

describe('i18n catalogs', () => {
  it('zh and en have exactly the same keys, none empty', () => {
    expect([...enKeys.keys()].sort()).toEqual([...zhKeys.keys()].sort());
    for (const [k, v] of [...zhKeys, ...enKeys]) expect(v.trim(), k).not.toBe('');
  });

  it('every seeded menu has a title in both languages', () => {
    for (const node of walkTree(MENU_TREE)) {
      expect(zhKeys.has(`menu.${node.key}`), node.key).toBe(true);
      expect(enKeys.has(`menu.${node.key}`), node.key).toBe(true);
    }
  });

  it('every resource column, filter and form field has a label, and every option a text', () => {
    for (const r of RESOURCES) {
      const names = [...r.list.columns.map((c) => c.name), ...r.list.filters.map((f) => f.name), ...r.form.fields.map((f) => f.name)];
      expect(zhKeys.has(`resources.${r.name}.title`), r.name).toBe(true);
      for (const n of names) expect(zhKeys.has(`resources.${r.name}.fields.${n}`), `${r.name}.${n}`).toBe(true);
      const labels = [
        ...r.list.columns.flatMap((c) => c.options ?? []),
        ...[...r.list.filters, ...r.form.fields].flatMap((f) => (f.options?.kind === 'static' ? f.options.options : [])),
      ].map((o) => o.label);
      for (const l of labels) expect(zhKeys.has(l), l).toBe(true);
      for (const f of r.form.fields) if (f.hint) expect(zhKeys.has(f.hint), f.hint).toBe(true);
    }
  });

  it('every validation message the shared schemas use is translated on the client and the server', () => {
    const serverValidation = Object.keys(SERVER_MESSAGES.zh).filter((k) => k.startsWith('validation.'));
    for (const k of serverValidation) expect(zhKeys.has(k), k).toBe(true);
    expect(Object.keys(SERVER_MESSAGES.en).sort()).toEqual(Object.keys(SERVER_MESSAGES.zh).sort());
  });
});
