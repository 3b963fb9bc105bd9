import { createContext, useContext, useEffect, useRef } from 'react';

/** Whether the view around a component is its active tab (cached views stay mounted while hidden). */
export const ViewActiveContext = createContext(true);

/** Calls `onReturn` each time the view becomes the active tab again (not on its first showing). */
export function useOnViewReturn(onReturn: () => void) {
  const active = useContext(ViewActiveContext);
  const was = useRef(active);
  const latest = useRef(onReturn);
  latest.current = onReturn;
  useEffect(() => {
    if (active && !was.current) latest.current();
    was.current = active;
  }, [active]);
}
