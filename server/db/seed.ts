import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { admins, adminSites, categories, menus, modelFields, models, roles, settings, sites } from './schema/index';
import type { Db, Executor } from './client';
import { MENU_TREE, type MenuSeed } from '../../models/menuTree';
import { ContentModelCreate, ModelFieldCreate } from '../../models/contentModel';
import { CategoryCreate } from '../../models/category';
import { generatePassword, hashPassword } from '../services/passwords';
import { DEFAULT_SETTINGS } from '../operations/settings';
import { columnAlias } from '../operations/alias';
import { columnValues } from '../resources/category';

export const INITIAL_ADMIN_ACCOUNT = 'admin@banyan.local';
export const SUPER_ROLE_NAME = '超级管理员';

export interface SeedResult {
  /** Set only on the first start, when the super-admin was created. */
  initialAdmin?: { account: string; password: string };
}

/** Inserts menus missing by key (so upgrades add new screens to existing installs); never edits existing ones. */
export async function seedMenus(db: Executor, tree: readonly MenuSeed[] = MENU_TREE) {
  const existing = new Map((await db.select({ id: menus.id, key: menus.key }).from(menus)).map((m) => [m.key, m.id]));
  const visit = async (nodes: readonly MenuSeed[], parentId: number, level: number) => {
    let sort = 0;
    for (const node of nodes) {
      sort += 10;
      let id = existing.get(node.key);
      if (id === undefined) {
        const [row] = await db
          .insert(menus)
          .values({
            parentId,
            key: node.key,
            title: `menu.${node.key}`,
            path: node.path,
            icon: node.icon ?? '',
            isMenu: !node.hidden,
            type: node.type ?? 1,
            controller: node.controller ?? '',
            action: node.action ?? '',
            params: node.params ?? '',
            hidden: node.hidden ?? false,
            guide: node.guide ?? '',
            typeless: node.typeless ?? false,
            pinned: node.pinned ?? false,
            redirect: node.redirect ?? '',
            sort,
            level,
          })
          .returning({ id: menus.id });
        id = row!.id;
        existing.set(node.key, id);
      }
      if (node.children) await visit(node.children, id, level + 1);
    }
  };
  await visit(tree, 0, 1);
}

export async function seedSettings(db: Executor) {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    await db.insert(settings).values({ key, value }).onConflictDoNothing();
  }
}

/**
 * The starter a fresh install publishes with (issue 16): an article model and one list column on it.
 * The content form already has title, author, source, cover, keywords, description, tags and body, so
 * the model adds only the two fields news articles usually carry beyond those.
 */
export const STARTER = {
  model: { name: '文章', key: 'article', description: '新闻、动态等文章 / News and other articles' },
  fields: [
    { name: 'editor', title: '责任编辑', type: 'text', placeholder: '' },
    { name: 'source_url', title: '原文链接', type: 'text', placeholder: 'https://' },
  ],
  column: { title: '新闻动态', alias: 'news' },
} as const;

/** Inserts the starter model and column the way the admin's saves would (validated, alias checked). */
export async function seedStarter(db: Executor, siteId: number) {
  const [model] = await db.insert(models).values(ContentModelCreate.parse(STARTER.model)).returning({ id: models.id });
  for (const [i, field] of STARTER.fields.entries()) {
    const f = ModelFieldCreate.parse({ ...field, model_id: model!.id, sort: (i + 1) * 10 });
    await db.insert(modelFields).values({ modelId: f.model_id, name: f.name, title: f.title, type: f.type, required: f.required, options: f.options, placeholder: f.placeholder, sort: f.sort });
  }
  const column = CategoryCreate.parse({ model_id: model!.id, title: STARTER.column.title, alias: STARTER.column.alias, type: 1, status: 1 });
  const alias = await columnAlias(db, siteId, column.title, column.alias);
  await db.insert(categories).values({ ...columnValues(column), siteId, alias });
}

/**
 * First start: a super-admin role, the default site and a super-admin with a generated password
 * (written to <dataDir>/initial-admin.txt), and with `starter` the article model and news column on the
 * new default site (a production install; tests opt in). Every start: menus and settings added by upgrades.
 */
export async function seed(db: Db, opts: { dataDir?: string; initialPassword?: string; starter?: boolean } = {}): Promise<SeedResult> {
  const result: SeedResult = {};
  await db.transaction(async (tx) => {
    await seedMenus(tx);
    await seedSettings(tx);
    const [{ n }] = (await tx.select({ n: count() }).from(admins)) as [{ n: number }];
    if (Number(n) > 0) return;
    const [role] = await tx
      .insert(roles)
      .values({ name: SUPER_ROLE_NAME, description: '拥有全部权限 / All permissions', isSuper: true })
      .returning();
    const [siteCount] = (await tx.select({ n: count() }).from(sites)) as [{ n: number }];
    if (Number(siteCount.n) === 0) {
      const [site] = await tx.insert(sites).values({ name: '默认站点', domain: 'localhost', status: 1 }).returning({ id: sites.id });
      if (opts.starter) await seedStarter(tx, site!.id);
    }
    const password = opts.initialPassword ?? generatePassword();
    const [admin] = await tx
      .insert(admins)
      .values({
        account: INITIAL_ADMIN_ACCOUNT,
        passwordHash: await hashPassword(password),
        nickname: '超级管理员',
        roleId: role!.id,
        passTips: true,
      })
      .returning();
    const allSites = await tx.select({ id: sites.id }).from(sites);
    for (const s of allSites) await tx.insert(adminSites).values({ adminId: admin!.id, siteId: s.id });
    result.initialAdmin = { account: INITIAL_ADMIN_ACCOUNT, password };
  });
  if (result.initialAdmin && opts.dataDir) {
    await fs.mkdir(opts.dataDir, { recursive: true });
    await fs.writeFile(
      path.join(opts.dataDir, 'initial-admin.txt'),
      `account: ${result.initialAdmin.account}\npassword: ${result.initialAdmin.password}\n` +
        `Change this password after the first login; this file is not updated.\n`,
      { mode: 0o600 },
    );
  }
  return result;
}

export async function findAdminId(db: Executor, account: string): Promise<number | undefined> {
  const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.account, account));
  return row?.id;
}
