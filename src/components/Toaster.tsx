import { lazy, Suspense } from 'react';
import { ERROR_TOAST_MS } from '../../models/constants';
import { createStore, useStore } from '../app/store';
import { loadScreenRecipes } from '../theme/system';

// The toaster (Chakra's toast machines, ≈ 8 kB gzip) loads with the first notice, not with the login page.
// It waits for the toast's recipe, which is not among the login page's (src/theme/system.ts).
let list: Promise<typeof import('./ToastList')> | undefined;
const loadList = () => (list ??= Promise.all([import('./ToastList'), loadScreenRecipes()]).then(([m]) => m));
const ToastList = lazy(loadList);
const asked = createStore(false);

/** A button in the toast (e.g. Undo after a delete): it runs once and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** Errors stay 5 s (spec §8); successes are brief, unless they offer an action the user needs time to reach. */
export function notify(kind: 'success' | 'error' | 'info', message: string, action?: ToastAction) {
  asked.set(true);
  void loadList().then(({ toaster }) =>
    toaster.create({
      type: kind,
      description: message,
      duration: kind === 'error' || action ? ERROR_TOAST_MS : 2500,
      closable: kind === 'error' || Boolean(action),
      action,
    }),
  );
}

export function Toaster() {
  return useStore(asked) ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
