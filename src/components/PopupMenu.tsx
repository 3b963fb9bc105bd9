import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, type ButtonProps } from '@chakra-ui/react';

// A small menu for the login page and the shell (language, user menu, a tab's context menu), built on
// Chakra's core styles only: Chakra's Menu brings a state machine and a positioning engine (≈ 19 kB gzip)
// that the first screens do not need. It closes on Escape, a click outside it, or a choice; arrow keys
// move between its items; Escape gives the focus back to what opened it.

/** Where the menu shows: below its trigger (aligned to its `start` or `end`), or at a point (a context menu). */
export type PopupAnchor = { align: 'start' | 'end' } | { x: number; y: number };

const ITEMS = '[role="menuitem"]:not([disabled])';

export function PopupMenu({ open, onClose, anchor, children, ...rest }: { open: boolean; onClose: () => void; anchor: PopupAnchor; children: ReactNode; minW?: string; 'data-testid'?: string; 'aria-label'?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  /** What had the focus when the menu opened (its trigger, or the tab of a context menu): Esc gives it back. */
  const opener = useRef<HTMLElement | null>(null);
  const atPoint = 'x' in anchor;
  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    // Below a trigger, the menu's parent holds the trigger too: a click on it toggles, not closes then reopens.
    const inside = atPoint ? ref.current : ref.current?.parentElement;
    const outside = (e: PointerEvent) => {
      if (inside && !inside.contains(e.target as Node)) onClose();
    };
    // After the event that opened it has finished.
    const timer = setTimeout(() => document.addEventListener('pointerdown', outside, true));
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', outside, true);
    };
  }, [open, onClose, atPoint]);
  if (!open) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      if (opener.current?.isConnected) opener.current.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };
  const place = 'x' in anchor ? { position: 'fixed' as const, left: `${anchor.x}px`, top: `${anchor.y}px` } : { position: 'absolute' as const, top: 'calc(100% + 4px)', [anchor.align === 'end' ? 'right' : 'left']: 0 };
  return (
    <Box ref={ref} role="menu" {...place} zIndex="popover" minW={rest.minW ?? '120px'} bg="bg.panel" color="fg" rounded="l2" shadow="lg" p="1" onKeyDown={onKeyDown} data-testid={rest['data-testid']} aria-label={rest['aria-label']}>
      {children}
    </Box>
  );
}

/** One choice of a PopupMenu: `onSelect` runs, then the menu closes. */
export function PopupItem({ onSelect, close, children, ...rest }: { onSelect: () => void; close: () => void; children: ReactNode } & Omit<ButtonProps, 'onSelect'>) {
  return (
    <Button
      role="menuitem"
      variant="ghost"
      size="sm"
      w="full"
      justifyContent="flex-start"
      fontWeight="normal"
      {...rest}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </Button>
  );
}

/** Open/close state of a menu; a menu below its trigger goes in a `position: relative` box with the trigger. */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const close = useRef(() => setOpen(false)).current;
  return { open, close, toggle: () => setOpen((o) => !o) };
}
