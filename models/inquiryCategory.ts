import { z } from 'zod';
import { Id, Paging, TextFilter } from './common';

// Inquiry categories (/InquiryCate/index): a site's own way of sorting its inquiries (e.g. "Sales",
// "Support"). Deleting a category leaves its inquiries uncategorised (they are never deleted with it).

export const InquiryCategory = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  description: z.string(),
  /** Inquiries (live or in the recycle bin) in this category. */
  inquiry_count: z.number().int(),
  created_at: z.string(),
});
export type InquiryCategory = z.infer<typeof InquiryCategory>;

const fields = {
  name: z.string().trim().min(1, { message: 'validation.required' }).max(50),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  description: z.string().trim().max(500).default(''),
};
export const InquiryCategoryCreate = z.object(fields);
export const InquiryCategoryUpdate = z.object({ id: Id, ...fields });
export const InquiryCategoryListQuery = Paging.extend({ name: TextFilter });
