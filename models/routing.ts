import { DASHBOARD_PATH, LOGIN_PATH, NOT_FOUND_PATH, TYPELESS_PATHS } from './menuTree';
import { PLUGIN_LIST_PATH, PLUGIN_PAGE_PREFIX, PLUGIN_PAGE_REST } from './pluginPaths';

/**
 * A `redirect` value is followed only when it is a path on this site ("/x", never "//host", "/\\host",
 * "http:" or control characters); anything else lands on the dashboard.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value === '') return DASHBOARD_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DASHBOARD_PATH;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DASHBOARD_PATH;
  try {
    const url = new URL(value, 'http://banyan.invalid');
    if (url.host !== 'banyan.invalid') return DASHBOARD_PATH;
    const path = url.pathname + url.search + url.hash;
    // Dot segments can normalise "/..//evil.com" into the protocol-relative "//evil.com".
    if (path.startsWith('//')) return DASHBOARD_PATH;
    return path.startsWith(LOGIN_PATH) && (path.length === LOGIN_PATH.length || path[LOGIN_PATH.length] === '?') ? DASHBOARD_PATH : path;
  } catch {
    return DASHBOARD_PATH;
  }
}

/** Where the reload helper /redirect/{path} goes: /{path} with its query, slashes and all (or the dashboard). */
export function redirectTarget(fullPath: string): string {
  const prefix = '/redirect/';
  return fullPath.startsWith(prefix) ? safeRedirect('/' + fullPath.slice(prefix.length)) : DASHBOARD_PATH;
}

export function loginRedirect(fullPath: string): string {
  return fullPath === DASHBOARD_PATH || fullPath === '' ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function pathOnly(fullPath: string): string {
  const i = fullPath.search(/[?#]/);
  return i === -1 ? fullPath : fullPath.slice(0, i);
}

/** Pages every signed-in admin may open whatever their role. */
export function isTypeless(path: string): boolean {
  return (TYPELESS_PATHS as readonly string[]).includes(path) || path.startsWith('/redirect/');
}

export function isLoginPath(path: string): boolean {
  return path === LOGIN_PATH;
}

/**
 * Whether an authority list admits a path: exact entries, and for parameterised pages
 * (e.g. /updateCustomContent/12) an entry naming the page without its id.
 */
export function authorityAllows(authority: readonly string[], path: string): boolean {
  if (authority.includes(path)) return true;
  // Plugin pages come and go with their plugin (no new sign-in): whoever may open the plugin list may open
  // them; the API answers 404 for a page of a plugin that is not enabled.
  if (path.startsWith(PLUGIN_PAGE_PREFIX) && PLUGIN_PAGE_REST.test(path.slice(PLUGIN_PAGE_PREFIX.length))) return authority.includes(PLUGIN_LIST_PATH);
  const parent = path.slice(0, path.lastIndexOf('/'));
  return parent !== '' && /\/\d+$/.test(path) && authority.includes(parent);
}

export { DASHBOARD_PATH, LOGIN_PATH, NOT_FOUND_PATH };
