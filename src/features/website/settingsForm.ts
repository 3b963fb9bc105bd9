import type { WebsiteSettings } from '../../../models/website';
import { ALIAS_RULES, RAW_SCRIPT_SETTINGS } from '../../../models/website';

// The site-settings screen as data: every setting of models/website.ts, in the groups the screen shows.
// Labels are websiteSetting.fields.<name>; option labels websiteSetting.options.<name>.<value>.

export type SettingKind = 'text' | 'image' | 'switch' | 'select' | 'textarea' | 'code';
export interface SettingField {
  name: keyof WebsiteSettings;
  kind: SettingKind;
  options?: readonly string[];
  /** i18n key of a hint under the field. */
  hint?: string;
  /** Takes the whole row. */
  wide?: boolean;
}
export interface SettingGroup {
  key: 'basic' | 'filing' | 'templates' | 'seo' | 'scripts';
  fields: readonly SettingField[];
}

const imageHint = 'websiteSetting.hints.image';

export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    key: 'basic',
    fields: [
      { name: 'language', kind: 'select', options: ['zh', 'en'] },
      { name: 'author', kind: 'text' },
      { name: 'logo', kind: 'image', hint: imageHint },
      { name: 'dark_logo', kind: 'image', hint: imageHint },
      { name: 'favicon', kind: 'image', hint: imageHint },
      { name: 'grey_out', kind: 'switch' },
    ],
  },
  {
    key: 'filing',
    fields: [
      { name: 'icp_number', kind: 'text' },
      { name: 'icp_link', kind: 'text' },
      { name: 'police_number', kind: 'text' },
      { name: 'police_link', kind: 'text' },
    ],
  },
  {
    key: 'templates',
    fields: [
      { name: 'template_sharing', kind: 'switch' },
      { name: 'pc_mobile_sharing', kind: 'switch', hint: 'websiteSetting.hints.pc_mobile_sharing' },
      { name: 'static_path', kind: 'text', hint: 'websiteSetting.hints.static_path' },
      { name: 'alias_rule', kind: 'select', options: ALIAS_RULES, hint: 'websiteSetting.hints.alias_rule' },
    ],
  },
  {
    key: 'seo',
    fields: [
      { name: 'seo_title', kind: 'text', wide: true },
      { name: 'seo_keywords', kind: 'text', wide: true },
      { name: 'seo_description', kind: 'textarea', wide: true },
    ],
  },
  {
    key: 'scripts',
    fields: [
      { name: 'statistics_code', kind: 'code', wide: true },
      { name: 'customer_service_code', kind: 'code', wide: true },
    ],
  },
];

export const isRawScript = (name: string) => (RAW_SCRIPT_SETTINGS as readonly string[]).includes(name);
