// Where plugin pages live in the admin; free of zod so the router (and the login page) can use them.

/** The admin path of a plugin's menu page. */
export const pluginPagePath = (id: string, page: string) => `/PluginPage/${id}/${page}`;
export const PLUGIN_PAGE_PREFIX = '/PluginPage/';
/** The plugin list (/Plugin/index): who may open it may open plugin pages. */
export const PLUGIN_LIST_PATH = '/Plugin/index';
/** `<id>/<page>` after the prefix. */
export const PLUGIN_PAGE_REST = /^([a-z][a-z0-9]{1,29})\/([a-z][a-z0-9-]{0,29})$/;
