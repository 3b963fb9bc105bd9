import { z } from 'zod';
import { ATTACHMENT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { Id, NumberFilter, TextFilter } from './common';

// Attachments and their categories, uploads in one go or in chunks (spec §3 "Attachment",
// "Attachment category", "Uploaded file response", §7 "Attachment", §8 "Chunk upload"; issue 4).

/** type: 1 other file, 2 image, 3 video, 4 archive, 5 audio. */
export const ATTACHMENT_TYPE = { file: 1, image: 2, video: 3, archive: 4, audio: 5 } as const;
export type AttachmentKind = keyof typeof ATTACHMENT_TYPE;
export const AttachmentType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]));

/** storage: 1 local disk, 2 Alibaba-type, 3 Qiniu-type, 4 Tencent-type object storage, 5 network URL. */
export const STORAGE = { local: 1, aliyun: 2, qiniu: 3, tencent: 4, network: 5 } as const;
export type StorageKind = keyof typeof STORAGE;

export const Attachment = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  attachment_cate_id: z.number().int(),
  /** The same value, under the name the other reading of the spec uses. */
  cate_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  type: AttachmentType,
  storage: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
  description: z.string(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

/** GET /attachment/index: limit, page, type, cate_id, name → data list + count. Page size 18. */
export const AttachmentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ATTACHMENT_PAGE_SIZE),
  type: NumberFilter,
  /** 0 or absent: every category; a top-level id includes its children. */
  cate_id: NumberFilter,
  name: TextFilter,
});

/** POST /attachment/save: network attachments, an array of { name, url, description, storage: 5 }. */
export const NetworkAttachment = z.object({
  name: z.string().trim().min(1, { message: 'attachment.nameRequired' }).max(200),
  url: z
    .string()
    .trim()
    .min(1, { message: 'attachment.urlRequired' })
    .max(1000)
    .regex(/^https?:\/\//i, { message: 'validation.httpUrl' }),
  description: z.string().trim().max(500).default(''),
  storage: z.literal(5).default(5),
  type: AttachmentType.optional(),
  attachment_cate_id: z.coerce.number().int().min(0).default(0),
});
export const NetworkAttachmentSave = z.array(NetworkAttachment).min(1).max(100);
export const AttachmentUpdate = z.object({
  id: Id,
  name: z.string().trim().min(1, { message: 'attachment.nameRequired' }).max(200),
  description: z.string().trim().max(500).default(''),
  attachment_cate_id: z.coerce.number().int().min(0).default(0),
});

/** Attachment category: a tree of two levels at most; parent_id 0 is the root ("top level"). */
export const AttachmentCate = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  title: z.string(),
  /** Ids from the root down, e.g. "0-3-7". */
  path: z.string(),
  attachment_count: z.number().int(),
});
export type AttachmentCate = z.infer<typeof AttachmentCate>;
const cateFields = {
  parent_id: z.coerce.number({ message: 'attachment.chooseParent' }).int().min(0, { message: 'attachment.chooseParent' }),
  title: z.string().trim().min(1, { message: 'attachment.fillRequired' }).max(50),
};
export const AttachmentCateSave = z.object(cateFields);
export const AttachmentCateUpdate = z.object({ id: Id, ...cateFields });
export const AttachmentCateListQuery = z.object({ title: TextFilter });

/** POST /attachment/uploadAndSave multipart fields (besides the file). */
export const UploadFields = z.object({
  type: AttachmentType.optional(),
  attachment_cate_id: z.coerce.number().int().min(0).default(0),
  /** 1: downscale large images on the server too. */
  reduce_img: z.coerce.number().int().min(0).max(1).default(0),
});

/**
 * POST /attachment/sliceUploadAndSave, one chunk per call (multipart). The first chunk is sent with
 * empty resource_temp_basename / resource_temp_path; its answer (code 1) carries both, issued by the
 * server, and every later chunk of that file sends them back. Answer code 1: continue (data says
 * which chunks the server has); code 0: the file is complete (data = the attachment); anything
 * else aborts ("Upload failed").
 */
export const ChunkFields = z.object({
  chunk_total: z.coerce.number().int().min(1).max(100_000),
  chunk_index: z.coerce.number().int().min(1),
  resource_temp_basename: z.string().max(100).default(''),
  resource_temp_path: z.string().max(200).default(''),
  resource_type: AttachmentType.optional(),
  resource_name: z.string().trim().min(1).max(200),
  /** Whole file size in bytes, announced with the first chunk (checked at the end). */
  resource_size: z.coerce.number().int().min(1).optional(),
  /** SHA-256 of the whole file, hex; checked when the file is complete. */
  resource_hash: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  attachment_cate_id: z.coerce.number().int().min(0).default(0),
});
export type ChunkFields = z.infer<typeof ChunkFields>;

/** data of a code-1 (continue) answer. */
export interface ChunkProgress {
  resource_temp_basename: string;
  resource_temp_path: string;
  /** 1-based indexes the server holds. */
  received: number[];
}

/** GET /attachment/sliceStatus?resource_temp_basename=&resource_temp_path= → ChunkProgress (resume after reload). */
export const SliceStatusQuery = z.object({ resource_temp_basename: z.string().min(1).max(100), resource_temp_path: z.string().min(1).max(200) });

/**
 * POST /attachment/checkHash: instant upload. When a file with this SHA-256 is already stored, a new
 * attachment pointing at it is made at once (data = the attachment); otherwise data is null.
 */
export const CheckHash = z.object({
  hash: z.string().regex(/^[a-f0-9]{64}$/),
  name: z.string().trim().min(1).max(200),
  size: z.coerce.number().int().min(1),
  type: AttachmentType.optional(),
  attachment_cate_id: z.coerce.number().int().min(0).default(0),
});
