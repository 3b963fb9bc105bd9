import { useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A query parameter of a page's own URL. Cached pages stay mounted while other tabs are shown: the
 * value is read only while the page is the current location, and kept otherwise.
 */
export function useQueryParam(pagePath: string, name: string): string | null {
  const [location] = useLocation();
  const search = useSearch();
  const value = useRef<string | null>(null);
  if (location === pagePath) value.current = new URLSearchParams(search).get(name);
  return value.current;
}
