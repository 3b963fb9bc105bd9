import { createStore } from '../../app/store';
import { refreshDynamicMenu } from '../../app/root';

/** Bumped whenever columns change off the list page (add/edit pages, a finished copy): the list reloads. */
export const columnsChanged = createStore(0);

/** Columns changed: the list and the per-column menu follow. */
export function columnsDidChange() {
  columnsChanged.set(columnsChanged.get() + 1);
  void refreshDynamicMenu();
}
