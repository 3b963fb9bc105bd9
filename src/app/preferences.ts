import { createStore, useStore } from './store';
import { shellStore } from './shellStore';
import { get, post } from '../api/http';
import { notify } from '../components/Toaster';
import { defaultTablePreferences, type AdminPreferences, type TablePreferences } from '../../models/preferences';

// The signed-in admin's own preferences (issue 16: column settings and density of the list tables), kept
// on the server so they follow the admin to another machine. Loaded with the first screen that shows a
// table (not with the login page or the shell), saved a moment after the last change, one table at a time.

/** How long a table's settings wait for the next change before they are saved (a drag sends many). */
export const PREFERENCES_SAVE_DELAY_MS = 400;

interface PreferencesState {
  /** Whose preferences these are; another admin signing in starts over. */
  adminId: number | null;
  loaded: boolean;
  tables: Record<string, TablePreferences>;
}

const preferencesStore = createStore<PreferencesState>({ adminId: null, loaded: false, tables: {} });
const pendingSaves = new Map<string, ReturnType<typeof setTimeout>>();
/** Tables changed here before the admin's saved preferences arrived: the change wins. */
const changedBeforeLoad = new Set<string>();

function startFor(adminId: number | null) {
  // A save still waiting belongs to the admin who made it: it is dropped, never sent with the next one's token.
  for (const timer of pendingSaves.values()) clearTimeout(timer);
  pendingSaves.clear();
  changedBeforeLoad.clear();
  preferencesStore.set({ adminId, loaded: false, tables: {} });
  if (adminId === null) return;
  get<AdminPreferences>('/admin/preferences', undefined, { quietSession: true })
    .then(({ data }) => {
      const state = preferencesStore.get();
      if (state.adminId !== adminId) return;
      const tables = { ...data.tables };
      for (const id of changedBeforeLoad) {
        if (state.tables[id]) tables[id] = state.tables[id];
        else delete tables[id];
      }
      preferencesStore.set({ adminId, loaded: true, tables });
    })
    .catch(() => {
      // The lists keep their default layout; a change made now is still saved.
      if (preferencesStore.get().adminId === adminId) preferencesStore.set({ ...preferencesStore.get(), loaded: true });
    });
}

function followAdmin() {
  const id = shellStore.get().current?.id ?? null;
  if (id !== preferencesStore.get().adminId) startFor(id);
}
shellStore.subscribe(followAdmin);
followAdmin();

function scheduleSave(table: string, settings: TablePreferences | null) {
  clearTimeout(pendingSaves.get(table));
  pendingSaves.set(
    table,
    setTimeout(() => {
      pendingSaves.delete(table);
      post('/admin/preferences', { table, settings }).catch((e: unknown) => notify('error', e instanceof Error ? e.message : String(e)));
    }, PREFERENCES_SAVE_DELAY_MS),
  );
}

/** Replaces one table's settings (null: back to the defaults), at once on screen and soon on the server. */
export function setTablePreferences(table: string, settings: TablePreferences | null) {
  const state = preferencesStore.get();
  if (state.adminId === null) return;
  const tables = { ...state.tables };
  if (settings) tables[table] = settings;
  else delete tables[table];
  if (!state.loaded) changedBeforeLoad.add(table);
  preferencesStore.set({ ...state, tables });
  scheduleSave(table, settings);
}

/** One table's settings (the defaults until the admin changes them) and whether the saved ones have arrived. */
export function useTablePreferences(table: string): { settings: TablePreferences; customized: boolean; loaded: boolean } {
  const state = useStore(preferencesStore);
  const saved = state.tables[table];
  return { settings: saved ?? DEFAULTS, customized: Boolean(saved), loaded: state.loaded };
}

const DEFAULTS = defaultTablePreferences();
