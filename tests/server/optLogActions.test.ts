import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { CATALOGS } from '../../src/i18n/catalogs';

// Issue 18: the operation log shows each action by name ("修改个人资料"), never its key ("admin.selfUpdate"),
// and what it touched by name ("管理员"), never "admin".

type Tree = { [k: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('operation log action names', () => {
  it('every action the server can log has a name in both languages', () => {
    const actions = [...new Set(t.app.apiRoutes.map((r) => r.logOperation).filter((op): op is string => !!op))].sort();
    expect(actions.length).toBeGreaterThan(50);
    expect(actions).toContain('admin.selfUpdate');
    expect(actions).toContain('theme.activate');
    for (const lang of ['zh', 'en'] as const) {
      const missing = actions.filter((op) => typeof lookup(CATALOGS[lang] as Tree, `logs.actions.${op}`) !== 'string');
      expect(missing, `logs.actions.* missing in ${lang}`).toEqual([]);
      const types = [...new Set(t.app.apiRoutes.map((r) => r.logType).filter((type): type is string => !!type))];
      const unnamed = types.filter((type) => typeof lookup(CATALOGS[lang] as Tree, `logs.types.${type}`) !== 'string');
      expect(unnamed, `logs.types.* missing in ${lang}`).toEqual([]);
    }
  });
});
