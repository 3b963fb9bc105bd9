import { PLUGIN_PAGE_PREFIX, PLUGIN_PAGE_REST } from '../../models/pluginPaths';

// The parameterised pages (`/prefix/<id>`): each has a screen registered as `/prefix/*` in src/routes/views.ts
// (tests/src/routes.test.ts checks the two lists agree).

/** Titles of the parameterised pages built from the dynamic menu (spec §2). */
export const PREFIX_TITLES: Record<string, string> = {
  '/customContent/': 'menu.customContent',
  '/addCustomContent/': 'menu.addContent',
  '/updateCustomContent/': 'menu.updateContent',
  '/contentCheck/': 'menu.contentCheck',
  '/auditingContent/': 'menu.auditingContent',
  [PLUGIN_PAGE_PREFIX]: 'menu.pluginPage',
};

/** What may follow a prefix: an id, or for plugin pages `<plugin id>/<page>`. */
export const PREFIX_REST: Record<string, RegExp> = { [PLUGIN_PAGE_PREFIX]: PLUGIN_PAGE_REST };
