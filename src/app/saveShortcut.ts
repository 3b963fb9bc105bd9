// Ctrl/⌘-S saves what the user is working on, as in every editor they know, instead of the browser's "save page".
// Save buttons carry `data-hotkey="save"`; the one pressed is the nearest to the focus (the settings group, the
// dialog or the form being typed in), else the one of an open dialog, else the one of the visible screen. A
// disabled or hidden button (a tab in the background, a form still loading) is never pressed.

export const SAVE_HOTKEY = { 'data-hotkey': 'save' } as const;

const SELECTOR = '[data-hotkey="save"]';

function usable(el: Element): el is HTMLButtonElement {
  const button = el as HTMLButtonElement;
  return !button.disabled && button.getAttribute('aria-disabled') !== 'true' && button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden';
}

const firstUsable = (scope: ParentNode): HTMLButtonElement | undefined => [...scope.querySelectorAll(SELECTOR)].find(usable);

/** The save button Ctrl/⌘-S presses now, if any. */
export function saveTarget(doc: Document = document): HTMLButtonElement | undefined {
  for (let node = doc.activeElement; node && node !== doc.body; node = node.parentElement) {
    const found = firstUsable(node);
    if (found) return found;
  }
  const dialogs = [...doc.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter((d) => d.getClientRects().length > 0);
  const topDialog = dialogs[dialogs.length - 1];
  if (topDialog) return firstUsable(topDialog);
  return firstUsable(doc.querySelector('[data-testid="main"]') ?? doc.body);
}

/** Installs the shortcut on the window; returns the uninstaller. */
export function installSaveShortcut(win: Window = window): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's') return;
    e.preventDefault();
    if (e.repeat) return;
    saveTarget(win.document)?.click();
  };
  win.addEventListener('keydown', onKeyDown);
  return () => win.removeEventListener('keydown', onKeyDown);
}
