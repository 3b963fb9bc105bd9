import { z } from 'zod';

// Links and image addresses stored by marketing records (slides, ads, internal links): an absolute
// http(s) URL or a path on the site itself ("/about"). Spec §5: "Link address must start with http:// or {host}".

const ABSOLUTE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const SITE_PATH = /^\/(?!\/)[^\s]*$/;
/**
 * Characters that could end the attribute or the CSS `url(…)` a theme writes an address into (the default theme's
 * slides: `style="background-image:url('{{ image }}')"`). A real address spells them percent-encoded.
 */
const BREAKS_OUT = /['"<>\\`()]/;

export function isSiteUrl(value: string): boolean {
  return (ABSOLUTE.test(value) || SITE_PATH.test(value)) && !BREAKS_OUT.test(value);
}

/** A required http(s) URL or site path. */
export const SiteUrl = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(500)
  .refine(isSiteUrl, { message: 'validation.siteUrl' });

/** The same, but may be left empty. */
export const OptionalSiteUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isSiteUrl(v), { message: 'validation.siteUrl' })
  .default('');
