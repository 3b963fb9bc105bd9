import { post } from '../../api/http';
import { notify } from '../../components/Toaster';

/** The list's bulk calls (spec §7 "Content"): each answers for many ids at once. */
export const BULK = {
  publish: (ids: number[]) => post('/content/editStatus', { ids, status: 1 }),
  unpublish: (ids: number[]) => post('/content/editStatus', { ids, status: 2 }),
  top: (ids: number[]) => post('/content/topOpt', { ids, is_top: true }),
  untop: (ids: number[]) => post('/content/topOpt', { ids, is_top: false }),
  recommend: (ids: number[]) => post('/content/recommendAndStatus', { ids, is_recommend: true }),
  unrecommend: (ids: number[]) => post('/content/recommendAndStatus', { ids, is_recommend: false }),
  recover: (ids: number[]) => post('/content/recoverAll', { ids }),
} as const;
export type BulkAction = keyof typeof BULK;

/** Runs a bulk call, says how it went, and reloads the list either way. */
export async function runBulk(action: BulkAction, ids: number[], reload: () => void) {
  try {
    const { msg } = await BULK[action](ids);
    notify('success', msg);
  } catch (e) {
    notify('error', e instanceof Error ? e.message : String(e));
  } finally {
    reload();
  }
}
