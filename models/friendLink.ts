import { z } from 'zod';
import { Id, IdQuery, NumberFilter, Paging, Status, TextFilter } from './common';
import { DateOnly, localDate } from './ad';
import { OptionalSiteUrl } from './siteUrl';

// Friendly links (/Link/index, spec §3): partner sites we link to from our public pages, and the
// back-link checks that look for our link on the partner's page.
//
// Dashboard figures: "exported" links are the ones our public pages show right now (status on, not
// past their deadline); "imported" links are partners whose page carried a link to our site at the
// last check (found, nofollow or wrong anchor text all still count as a link back).

export const LINK_TYPE = { exchange: 1, sale: 2, purchase: 3, copyright: 4 } as const;
export const LINK_TYPES = [1, 2, 3, 4] as const;
export const SITE_TYPES = [1, 2, 3, 4, 5] as const;
export const JUMP_SELF = 1;
export const JUMP_BLANK = 2;

const oneOf = <T extends readonly number[]>(values: T) => z.coerce.number().pipe(z.union(values.map((v) => z.literal(v)) as never)) as z.ZodType<T[number]>;
export const LinkType = oneOf(LINK_TYPES);
export const SiteType = oneOf(SITE_TYPES);
export const JumpMode = oneOf([JUMP_SELF, JUMP_BLANK] as const);

/** Spec §5: a friendly link's address must start with http:// (or https://). */
const ABSOLUTE_HTTP = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
export const LinkUrl = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(500)
  .refine((v) => ABSOLUTE_HTTP.test(v), { message: 'validation.linkUrl' });

/** Outcome of one back-link check. */
export const CHECK_STATUSES = ['found', 'missing', 'nofollow', 'wrong_anchor', 'fetch_error'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
/** Statuses in which the partner page does link to us (counted as an imported link). */
export const LINKED_BACK: readonly CheckStatus[] = ['found', 'nofollow', 'wrong_anchor'];
/** A link missing from the partner's page this many checks in a row is flagged. */
export const MISSING_FLAG_STREAK = 2;
/** One partner page fetch: time limit and size cap. */
export const LINK_CHECK_TIMEOUT_MS = 10_000;
export const LINK_CHECK_MAX_BYTES = 2 * 1024 * 1024;
/** Check records /linkInfo shows. */
export const LINK_CHECKS_SHOWN = 20;

export const FriendLink = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  link_type: LinkType,
  site_type: SiteType,
  /** Search-engine weight (0-10) and PageRank (0-10) of the partner site. */
  weight: z.number().int(),
  pr: z.number().int(),
  /** yyyy-mm-dd, or '' for no deadline. */
  deadline: z.string(),
  platform: z.string(),
  phone: z.string(),
  adder: z.string(),
  jump: JumpMode,
  logo: z.string(),
  /** Anchor text our back-link should carry on the partner page; '' = the site's name. */
  anchor: z.string(),
  sort: z.number().int(),
  status: Status,
  /** Last back-link check: its status ('' never checked) and time. */
  last_check: z.string(),
  last_checked_at: z.string().nullable(),
  missing_streak: z.number().int(),
  /** Past its deadline, or missing from the partner's page twice in a row. */
  flags: z.array(z.enum(['expired', 'missing'])),
  created_at: z.string(),
});
export type FriendLink = z.infer<typeof FriendLink>;

const fields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  url: LinkUrl,
  link_type: LinkType.default(LINK_TYPE.exchange),
  site_type: SiteType.default(1),
  weight: z.coerce.number().int().min(0).max(10).default(0),
  pr: z.coerce.number().int().min(0).max(10).default(0),
  deadline: DateOnly,
  platform: z.string().trim().max(100).default(''),
  phone: z.string().trim().max(30).default(''),
  adder: z.string().trim().max(50).default(''),
  jump: JumpMode.default(JUMP_BLANK),
  logo: OptionalSiteUrl,
  anchor: z.string().trim().max(100).default(''),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  status: Status.default(1),
};
export const FriendLinkCreate = z.object(fields);
export const FriendLinkUpdate = z.object({ id: Id, ...fields });
export const FriendLinkListQuery = Paging.extend({ name: TextFilter, link_type: NumberFilter, status: NumberFilter, flagged: NumberFilter });

/** POST /link/check: back-link checks of these links, run as one job. */
export const LinkCheckBody = z.object({ ids: z.array(Id).min(1).max(100) });
export const LinkChecksQuery = IdQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const LinkCheck = z.object({
  id: z.number().int(),
  link_id: z.number().int(),
  status: z.enum(CHECK_STATUSES),
  /** What was seen: the anchor text found, or the fetch failure (timeout, http_status: 404…). */
  detail: z.string(),
  checked_at: z.string(),
});
export type LinkCheck = z.infer<typeof LinkCheck>;

/** The job's result: how many links got each status. */
export type LinkCheckResult = { checked: number } & Partial<Record<CheckStatus, number>>;

/** Whether a link is past its deadline on `now` (the deadline day itself still counts). */
export function linkExpired(deadline: string, now: Date): boolean {
  return deadline !== '' && deadline < localDate(now);
}

export function linkFlags(link: { deadline: string; missing_streak: number }, now: Date): FriendLink['flags'] {
  const flags: FriendLink['flags'] = [];
  if (linkExpired(link.deadline, now)) flags.push('expired');
  if (link.missing_streak >= MISSING_FLAG_STREAK) flags.push('missing');
  return flags;
}

/** rel of a link on our pages: paid links are sponsored and nofollow, copyright links nofollow; new pages get noopener. */
export function linkRel(linkType: number, jump: number): string {
  const rel = linkType === LINK_TYPE.sale || linkType === LINK_TYPE.purchase ? ['sponsored', 'nofollow'] : linkType === LINK_TYPE.copyright ? ['nofollow'] : [];
  if (jump === JUMP_BLANK) rel.push('noopener');
  return rel.join(' ');
}
