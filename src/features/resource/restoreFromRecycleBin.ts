import { post } from '../../api/http';
import type { RestoreRows } from './useResourceList';

/**
 * The undo of a delete into the recycle bin: restores those records of a registered recycle type (a resource's
 * name), through the bin's own route, so only a role that may use the bin gets the undo (useResourceList's
 * `restore`); the others keep the confirm.
 */
export function restoreFromRecycleBin(type: string, mayUseBin: boolean): RestoreRows | undefined {
  return mayUseBin ? (ids) => post('/recycleBin/restore', { items: ids.map((id) => ({ type, id })) }) : undefined;
}
