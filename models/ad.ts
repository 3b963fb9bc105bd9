import { z } from 'zod';
import { Id, NumberFilter, Paging, Status, TextFilter } from './common';
import { OptionalSiteUrl } from './siteUrl';
import { AD_KIND_CODE, AD_KIND_IMAGE } from './adKinds';

// Advertisements (/Advertisement/index): an image with a link, or a raw HTML/JS snippet that only
// super-admins may save. Shown from the start date to the end date, both inclusive (server dates).

export { AD_KIND_IMAGE, AD_KIND_CODE };
export const AdKind = z.coerce.number().pipe(z.union([z.literal(AD_KIND_IMAGE), z.literal(AD_KIND_CODE)]));
export const AD_CODE_MAX_LENGTH = 20_000;

/** yyyy-mm-dd, or '' for "no limit". */
export const DateOnly = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: 'validation.adDate' })
  .refine((v) => v === '' || !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), { message: 'validation.adDate' })
  .default('');

export const Ad = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  position: z.string(),
  title: z.string(),
  kind: AdKind,
  image: z.string(),
  code: z.string(),
  link: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: Status,
  sort: z.number().int(),
  /** Shown right now: status on and today within the dates. */
  live: z.boolean(),
  created_at: z.string(),
});
export type Ad = z.infer<typeof Ad>;

const adFields = {
  position: z.string().trim().min(1, { message: 'validation.required' }).max(50),
  title: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  kind: AdKind.default(AD_KIND_IMAGE),
  image: OptionalSiteUrl,
  code: z.string().max(AD_CODE_MAX_LENGTH).default(''),
  link: OptionalSiteUrl,
  start_date: DateOnly,
  end_date: DateOnly,
  status: Status.default(1),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
};

type AdValues = { kind: number; image: string; code: string; start_date: string; end_date: string };
/** An image ad needs its image, a code ad its code, and the end date cannot come before the start. */
function adRules(v: AdValues, ctx: z.RefinementCtx) {
  if (v.kind === AD_KIND_IMAGE && !v.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'validation.adImageRequired' });
  if (v.kind === AD_KIND_CODE && !v.code.trim()) ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.adCodeRequired' });
  if (v.start_date && v.end_date && v.end_date < v.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.adEndAfterStart' });
  }
}

export const AdCreate = z.object(adFields).superRefine(adRules);
export const AdUpdate = z.object({ id: Id, ...adFields }).superRefine(adRules);
export const AdListQuery = Paging.extend({ position: TextFilter, title: TextFilter, status: NumberFilter });

/** Whether an ad is shown at `now`: status on, and now within [start 00:00, end 23:59:59.999] (local dates). */
export function adIsLive(ad: { status: number; start_date: string; end_date: string }, now: Date): boolean {
  if (ad.status !== 1) return false;
  const today = localDate(now);
  return (!ad.start_date || ad.start_date <= today) && (!ad.end_date || today <= ad.end_date);
}

/** yyyy-mm-dd of a moment in the local time zone. */
export function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
