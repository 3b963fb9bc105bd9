import { createStore } from '../app/store';

/** Whether the menu search (command palette) is open: the top bar's search button and Ctrl/⌘-K open it. */
export const paletteStore = createStore(false);

// What is typed between opening the palette and its input taking focus (the first time, while its chunk
// loads) is kept here, out of the page, and handed to the input when it takes focus: Ctrl-K and typing at
// once loses nothing. Esc meanwhile closes it, as it would once shown.
let typed = '';
let listening = false;

function keep(e: KeyboardEvent) {
  if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key.length === 1) typed += e.key;
  else if (e.key === 'Backspace') typed = typed.slice(0, -1);
  else if (e.key === 'Escape') paletteStore.set(false);
  else return;
  e.preventDefault();
  e.stopPropagation();
}

function listen(on: boolean) {
  if (on === listening || typeof window === 'undefined') return;
  listening = on;
  if (on) window.addEventListener('keydown', keep, true);
  else window.removeEventListener('keydown', keep, true);
}

paletteStore.subscribe(() => {
  typed = '';
  listen(paletteStore.get());
});

/** The palette's input has focus: what was typed before it is handed over, and keys go to the input from now on. */
export function takeTypedAhead(): string {
  listen(false);
  const text = typed;
  typed = '';
  return text;
}
