import { createStore } from '../app/store';

/** Whether the menu search (command palette) is open: the top bar's search button and Ctrl/⌘-K open it. */
export const paletteStore = createStore(false);
