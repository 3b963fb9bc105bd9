import { z } from 'zod';
import { Id, NumberFilter, Paging, Status, TextFilter } from './common';

/** A website or sub-site (spec §3 "Website"): status 1 active, 2 disabled; parent_id 0 for top-level. */
export const Website = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  status: Status,
  sort: z.number().int(),
  created_at: z.string(),
});
export type Website = z.infer<typeof Website>;

/** Host names: letters, digits, dots and dashes, optional port (localhost:8080). */
export const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/, { message: 'validation.domain' });

const websiteFields = {
  parent_id: z.coerce.number().int().min(0).default(0),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  domain: Domain,
  status: Status.default(1),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};
export const WebsiteCreate = z.object(websiteFields);
export const WebsiteUpdate = z.object({ id: Id, ...websiteFields });
export const WebsiteListQuery = Paging.extend({ name: TextFilter, status: NumberFilter });

export const ALIAS_RULES = ['initial', 'full'] as const;
export type AliasRule = (typeof ALIAS_RULES)[number];

/** Per-site settings (spec §3 "Website", settings from labels). */
export const WebsiteSettings = z.object({
  language: z.enum(['zh', 'en']).default('zh'),
  logo: z.string().trim().max(500).default(''),
  dark_logo: z.string().trim().max(500).default(''),
  favicon: z.string().trim().max(500).default(''),
  icp_number: z.string().trim().max(100).default(''),
  icp_link: z.string().trim().max(500).default('https://beian.miit.gov.cn/'),
  police_number: z.string().trim().max(100).default(''),
  police_link: z.string().trim().max(500).default(''),
  /** Sub-sites use the parent site's templates. */
  template_sharing: z.boolean().default(false),
  /** PC and mobile share one template set (responsive) instead of separate mobile templates. */
  pc_mobile_sharing: z.boolean().default(true),
  /** Where static generation writes this site, relative to the data directory. */
  static_path: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_\-/]*$/, { message: 'validation.staticPath' })
    .refine((v) => !v.split('/').includes('..'), { message: 'validation.staticPath' })
    .default(''),
  alias_rule: z.enum(ALIAS_RULES).default('full'),
  author: z.string().trim().max(100).default(''),
  /** Raw scripts: editable by super-admins only, and logged. */
  customer_service_code: z.string().max(20000).default(''),
  statistics_code: z.string().max(20000).default(''),
  grey_out: z.boolean().default(false),
  seo_title: z.string().trim().max(200).default(''),
  seo_keywords: z.string().trim().max(500).default(''),
  seo_description: z.string().trim().max(1000).default(''),
});
export type WebsiteSettings = z.infer<typeof WebsiteSettings>;
export const RAW_SCRIPT_SETTINGS = ['customer_service_code', 'statistics_code'] as const;
/** GET /websiteSetting/index?site_id → data; POST /websiteSetting/update { site_id, ...settings } */
export const WebsiteSettingsUpdate = WebsiteSettings.partial().extend({ site_id: Id });
