import { useMemo } from 'react';
import type { MenuItem } from '../../models/menu';
import { authorityAllows, pathOnly } from '../../models/routing';
import { shellStore } from './shellStore';
import { useStore } from './store';

// What the signed-in role may use, as the shell loaded it after sign-in: the pages it may open (the guard's
// authority list) and the menu keys it holds (every API route names one). Buttons ask here so a role never
// sees an action that would land on 404 or be refused 403; the server enforces the same rules regardless.

function keysOf(items: readonly MenuItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.key);
    keysOf(item.children, into);
  }
  return into;
}

export interface Permissions {
  /** The role may open this page (path with or without its query). */
  mayOpen: (path: string) => boolean;
  /** The role holds this menu key (the permission an API route names). */
  mayUse: (menuKey: string) => boolean;
}

export function usePermissions(): Permissions {
  const shell = useStore(shellStore);
  return useMemo(() => {
    const keys = keysOf(shell.menu);
    return {
      mayOpen: (path: string) => authorityAllows(shell.authority, pathOnly(path)),
      mayUse: (menuKey: string) => keys.has(menuKey),
    };
  }, [shell]);
}
