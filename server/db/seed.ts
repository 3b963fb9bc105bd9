import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { admins, adminSites, menus, roles, settings, sites } from './schema/index';
import type { Db, Executor } from './client';
import { MENU_TREE, type MenuSeed } from '../../models/menuTree';
import { generatePassword, hashPassword } from '../services/passwords';
import { DEFAULT_SETTINGS } from '../operations/settings';

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
 * First start: a super-admin role, the default site and a super-admin with a generated password
 * (written to <dataDir>/initial-admin.txt). Every start: menus and settings added by upgrades.
 */
export async function seed(db: Db, opts: { dataDir?: string; initialPassword?: string } = {}): Promise<SeedResult> {
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
      await tx.insert(sites).values({ name: '默认站点', domain: 'localhost', status: 1 });
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
