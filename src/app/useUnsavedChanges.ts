import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { leaveGuard } from './root';

/** The forms of each page holding unsaved work: the guard hears "dirty" at the first and "clean" after the last. */
const unsavedForms = new Map<string, Set<symbol>>();

/**
 * A page's form tells the leave guard whether it holds unsaved work (the flag its chart derives): leaving the
 * page, closing or refreshing its tab then asks first, and the browser asks before a reload or closing the window.
 * A page may hold several forms (the settings groups): the page counts as unsaved while any of them is.
 */
export function useUnsavedChanges(unsaved: boolean) {
  const [path] = useLocation();
  const search = useSearch();
  const at = search ? `${path}?${search}` : path;
  useEffect(() => {
    if (!unsaved) return;
    const me = Symbol('form');
    const forms = unsavedForms.get(path) ?? new Set<symbol>();
    unsavedForms.set(path, forms);
    forms.add(me);
    leaveGuard.send({ type: 'form.dirty', path, at });
    return () => {
      forms.delete(me);
      if (forms.size) return;
      unsavedForms.delete(path);
      leaveGuard.send({ type: 'form.clean', path });
    };
  }, [unsaved, path, at]);
}
