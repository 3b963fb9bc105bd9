import { useLayoutEffect, useRef, useState } from 'react';

/** The scale at which a width×height poster fits the measured box (never above 1), kept as the box resizes. */
export function useFitScale(width: number, height: number, maxHeight: number) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => setAvailable(node.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const scale = width > 0 && available > 0 ? Math.min(1, available / width, maxHeight / height) : 0;
  return { box, scale };
}
