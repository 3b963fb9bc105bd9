import { createStore } from './store';
import type { CurrentAdmin, DynamicMenuItem } from '../../models/account';
import type { MenuItem } from '../../models/menu';

export interface SystemInfo {
  product: string;
  version: string;
  copyright: string;
  filing_number: string;
  database: string;
}

/** What the shell loaded after sign-in: the permitted menu, the dynamic menu, who is signed in, footer info. */
export interface ShellData {
  menu: MenuItem[];
  authority: string[];
  dynamic: DynamicMenuItem[];
  current: CurrentAdmin | null;
  info: SystemInfo | null;
}

export const emptyShell: ShellData = { menu: [], authority: [], dynamic: [], current: null, info: null };
export const shellStore = createStore<ShellData>(emptyShell);
