import { useRef, type PointerEvent } from 'react';

/**
 * A pointer gesture in poster pixels: `onDrag` gets how far the pointer moved since it went down, divided by
 * the canvas scale. The gesture's start lives in a ref; the element's place lives in the editor's chart.
 */
export function usePointerDrag(scale: number, onDrag: (dx: number, dy: number, origin: { x: number; y: number }) => void, origin: () => { x: number; y: number }) {
  const start = useRef<{ px: number; py: number; origin: { x: number; y: number } } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      e.stopPropagation();
      start.current = { px: e.clientX, py: e.clientY, origin: origin() };
      (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: PointerEvent) => {
      const s = start.current;
      if (!s) return;
      onDrag((e.clientX - s.px) / scale, (e.clientY - s.py) / scale, s.origin);
    },
    onPointerUp: () => {
      start.current = null;
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
