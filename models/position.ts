import { z } from 'zod';
import { DateFilter, Id, IdsBody, NumberFilter, Paging, Status, TextFilter } from './common';
import { DateOnly, localDate } from './ad';
import { INQUIRY_EMAIL, INQUIRY_PHONE } from './inquiry';

// Recruitment (/recruit, spec §2 and §3 "Resume"): job postings are called positions here, because "job"
// already names background jobs (models/job.ts). Categories (/JobCate/index) and cities (/JobCity/index) are
// per-site lists; a position (/Job/index) belongs to one of each; resumes (/resume/index) arrive from the
// public site's apply form or are added by hand (/resume/save).

const name = z.string().trim().min(1, { message: 'validation.required' }).max(50);
const sort = z.coerce.number().int().min(0).max(99999).default(0);

/** A job category or a job city. */
export const PositionGroup = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** Live positions that use it (a group in use cannot be deleted). */
  position_count: z.number().int(),
  created_at: z.string(),
});
export type PositionGroup = z.infer<typeof PositionGroup>;
export const PositionGroupCreate = z.object({ name, sort });
export const PositionGroupUpdate = z.object({ id: Id, name, sort });
export const PositionGroupListQuery = Paging.extend({ name: TextFilter });

/** 1 open (listed on the public site until its deadline), 2 closed. */
export const POSITION_STATUS = { open: 1, closed: 2 } as const;

export const EDUCATIONS = ['', 'none', 'highSchool', 'college', 'bachelor', 'master', 'doctor'] as const;
export const EXPERIENCES = ['', 'none', 'lt1', '1to3', '3to5', '5to10', 'gt10'] as const;
export const Education = z.enum(EDUCATIONS);
export const Experience = z.enum(EXPERIENCES);

/** Largest monthly salary a position can state. */
export const SALARY_MAX = 10_000_000;

export const Position = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  title: z.string(),
  cate_id: z.number().int(),
  cate_name: z.string(),
  city_id: z.number().int(),
  city_name: z.string(),
  headcount: z.number().int(),
  /** Monthly salary range; both 0 = negotiable. */
  salary_min: z.number().int(),
  salary_max: z.number().int(),
  negotiable: z.boolean(),
  education: Education,
  experience: Experience,
  description: z.string(),
  status: Status,
  deadline: z.string(),
  sort: z.number().int(),
  /** Open and not past its deadline: listed on the public site. */
  listed: z.boolean(),
  resume_count: z.number().int(),
  created_at: z.string(),
});
export type Position = z.infer<typeof Position>;

const positionFields = {
  title: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  cate_id: z.coerce.number({ message: 'validation.required' }).int().positive({ message: 'validation.required' }),
  city_id: z.coerce.number({ message: 'validation.required' }).int().positive({ message: 'validation.required' }),
  headcount: z.coerce.number().int().min(1).max(9999).default(1),
  negotiable: z.coerce.boolean().default(false),
  salary_min: z.coerce.number().int().min(0).max(SALARY_MAX).default(0),
  salary_max: z.coerce.number().int().min(0).max(SALARY_MAX).default(0),
  education: Education.default(''),
  experience: Experience.default(''),
  description: z.string().max(100_000).default(''),
  status: Status.default(POSITION_STATUS.open),
  deadline: DateOnly,
  sort,
};

type SalaryValues = { negotiable: boolean; salary_min: number; salary_max: number };
/** A stated range needs a maximum, and the maximum cannot be below the minimum. */
function salaryRule(v: SalaryValues, ctx: z.RefinementCtx) {
  if (v.negotiable) return;
  if (v.salary_max <= 0) ctx.addIssue({ code: 'custom', path: ['salary_max'], message: 'validation.salaryRequired' });
  else if (v.salary_max < v.salary_min) ctx.addIssue({ code: 'custom', path: ['salary_max'], message: 'validation.salaryRange' });
}
export const PositionCreate = z.object(positionFields).superRefine(salaryRule);
export const PositionUpdate = z.object({ id: Id, ...positionFields }).superRefine(salaryRule);
export const PositionListQuery = Paging.extend({ title: TextFilter, cate_id: NumberFilter, city_id: NumberFilter, status: NumberFilter });

/** Whether a position is listed on the public site on `now` (the deadline day itself still counts). */
export function positionListed(p: { status: number; deadline: string }, now: Date): boolean {
  return p.status === POSITION_STATUS.open && (p.deadline === '' || p.deadline >= localDate(now));
}

// Resumes.

/** 0 new, 1 viewed, 2 interview, 3 hired, 4 rejected. */
export const RESUME_STATUS = { new: 0, viewed: 1, interview: 2, hired: 3, rejected: 4 } as const;
export const RESUME_STATUSES = [0, 1, 2, 3, 4] as const;
export const ResumeStatus = z.coerce.number().pipe(z.union(RESUME_STATUSES.map((v) => z.literal(v)) as never)) as z.ZodType<(typeof RESUME_STATUSES)[number]>;

/** The apply form's fields, in the order it shows them (the file is `file`). */
export const RESUME_FIELDS = ['name', 'phone', 'email', 'message'] as const;
export type ResumeField = (typeof RESUME_FIELDS)[number];
export const RESUME_MAX: Record<ResumeField, number> = { name: 50, phone: 30, email: 100, message: 2000 };
export type ResumeValues = Record<ResumeField, string>;
/** Hidden field people leave empty; a filled one marks a bot (answered as sent, stored nowhere). */
export const RESUME_HONEYPOT = 'website';
/** Applications per IP address and window, valid or not. */
export const RESUME_RATE = { max: 5, windowMs: 10 * 60_000 } as const;
/** Largest resume file (bytes), whatever the upload settings allow for documents. */
export const RESUME_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_EMAIL = INQUIRY_EMAIL;
export const RESUME_PHONE = INQUIRY_PHONE;

export const Resume = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  position_id: z.number().int(),
  position_title: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  file_name: z.string(),
  file_url: z.string(),
  status: z.number().int(),
  notes: z.string(),
  source: z.string(),
  ip: z.string(),
  delivered_at: z.string(),
});
export type Resume = z.infer<typeof Resume>;
export const ResumeListQuery = Paging.extend({ name: TextFilter, position_id: NumberFilter, status: NumberFilter, start: DateFilter, end: DateFilter });
export const ResumeExportQuery = ResumeListQuery.omit({ page: true, limit: true }).extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** POST /resume/status: a new status (and optionally notes) for resumes. */
export const ResumeStatusBody = IdsBody.extend({ status: ResumeStatus, notes: z.string().max(2000).optional() });

/** The text fields of POST /resume/save (multipart, with an optional `file`). */
export const ResumeSaveFields = z.object({
  position_id: z.coerce.number({ message: 'validation.required' }).int().positive({ message: 'validation.required' }),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(RESUME_MAX.name),
  phone: z.string().trim().max(RESUME_MAX.phone).regex(/^([0-9+\-()\s]{5,30})?$/, { message: 'validation.resumePhone' }).default(''),
  email: z.string().trim().max(RESUME_MAX.email).regex(/^([^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+)?$/, { message: 'validation.resumeEmail' }).default(''),
  message: z.string().trim().max(RESUME_MAX.message).default(''),
  notes: z.string().trim().max(2000).default(''),
  /** yyyy-mm-ddThh:mm (local) or ISO; empty = now. */
  delivered_at: z.string().trim().max(40).default(''),
});

/** Spreadsheet cells that a spreadsheet would run as a formula (= + - @, tab, CR) get a leading quote. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
