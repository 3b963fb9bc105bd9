import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { leaveGuard } from './root';

/**
 * A full-page form tells the leave guard whether it holds unsaved work (the flag its chart derives):
 * leaving the page, closing or refreshing its tab then asks first, and the browser asks before a reload.
 */
export function useUnsavedChanges(unsaved: boolean) {
  const [path] = useLocation();
  const search = useSearch();
  const at = search ? `${path}?${search}` : path;
  useEffect(() => {
    if (!unsaved) return;
    leaveGuard.send({ type: 'form.dirty', path, at });
    return () => leaveGuard.send({ type: 'form.clean', path });
  }, [unsaved, path, at]);
}
