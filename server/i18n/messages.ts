import type { Language } from '../../models/language';
import { core } from './core';
import { sites } from './sites';
import { content } from './content';
import { marketing } from './marketing';
import { contentImport } from './contentImport';
import { attachments } from './attachments';
import { settings } from './settings';
import { audit } from './audit';
import { navMenus } from './navMenus';
import { staticFiles } from './staticFiles';
import { themes } from './themes';
import { themeFiles } from './themeFiles';
import { inquiries } from './inquiries';
import { logs } from './logs';
import { posters } from './posters';
import { keywords } from './keywords';
import { links } from './links';
import { seoCheck } from './seoCheck';
import { mail } from './mail';
import { mailbox } from './mailbox';
import { recruit } from './recruit';
import { forms } from './forms';
import { database } from './database';
import { pluginMarket } from './pluginMarket';
import { plugins } from './plugins';
import { preferences } from './preferences';
import { chartViewer } from './chartViewer';

// Server messages in the caller's language, one file per domain. Keys used by shared zod schemas
// (validation.*) live here too, so a rule written once in models/ is explained the same way by
// server and client.
const DOMAINS = { core, sites, content, marketing, contentImport, attachments, settings, audit, navMenus, staticFiles, themes, inquiries, themeFiles, logs, keywords, links, seoCheck, posters, recruit, mailbox, mail, forms, pluginMarket, plugins, database, preferences, chartViewer } as const;

type KeysOf<T> = T extends { zh: infer Z } ? keyof Z : never;
export type MessageKey = KeysOf<(typeof DOMAINS)[keyof typeof DOMAINS]> & string;

function merge(lang: Language): Record<MessageKey, string> {
  const out: Record<string, string> = {};
  for (const domain of Object.values(DOMAINS)) {
    for (const [k, v] of Object.entries(domain[lang])) {
      if (k in out) throw new Error(`server message defined twice: ${k}`);
      out[k] = v;
    }
  }
  return out as Record<MessageKey, string>;
}

export const SERVER_MESSAGES: Record<Language, Record<MessageKey, string>> = { zh: merge('zh'), en: merge('en') };

export function isMessageKey(key: string): key is MessageKey {
  return key in SERVER_MESSAGES.zh;
}

export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = SERVER_MESSAGES[lang][key] ?? SERVER_MESSAGES.zh[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
