import { z } from 'zod';
import { CHUNK_SIZE_DEFAULT_KB, IMAGE_FORMATS, VIDEO_FORMATS } from './constants';

// Upload and storage settings (spec §3 "Site settings entry": upload_setting, storage methods and the
// labels of their fields), kept in system settings.

const kind = (maxKb: number, formats: readonly string[]) =>
  z.object({
    max_kb: z.coerce.number().int().min(1).max(10 * 1024 * 1024).default(maxKb),
    formats: z.array(z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,10}$/)).max(50).default([...formats]),
  })
    // A missing group takes its defaults (prefault parses {} through the fields' own defaults).
    .prefault({});

export const UploadSettings = z.object({
  /** Chunk size in KB (spec: default 2048). */
  chunk_size: z.coerce.number().int().min(64).max(100 * 1024).default(CHUNK_SIZE_DEFAULT_KB),
  /** Files larger than this (KB) upload in chunks. */
  chunk_condition: z.coerce.number().int().min(64).max(10 * 1024 * 1024).default(CHUNK_SIZE_DEFAULT_KB * 2),
  image: kind(10 * 1024, IMAGE_FORMATS),
  video: kind(1024 * 1024, VIDEO_FORMATS),
  audio: kind(100 * 1024, ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac']),
  archive: kind(500 * 1024, ['zip', 'rar', '7z', 'gz', 'tar']),
  file: kind(100 * 1024, ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv']),
  /** Images with more pixels than this are refused (decompression bombs). */
  image_max_pixels: z.coerce.number().int().min(1_000_000).max(500_000_000).default(50_000_000),
});
export type UploadSettings = z.infer<typeof UploadSettings>;

export const STORAGE_METHODS = ['local', 'aliyun', 'qiniu', 'tencent'] as const;
export type StorageMethod = (typeof STORAGE_METHODS)[number];

/** Object storage (S3-compatible endpoints of the three providers). The secret is write-only. */
export const StorageSettings = z.object({
  method: z.enum(STORAGE_METHODS).default('local'),
  access_key_id: z.string().trim().max(200).default(''),
  /** Never sent back: GET answers '' and `secret_set`. Saving '' keeps the stored one. */
  secret_access_key: z.string().max(200).default(''),
  region: z.string().trim().max(100).default(''),
  /** "https" or "http", the protocol header of the public URLs. */
  protocol: z.enum(['https', 'http']).default('https'),
  /** Bucket (container) name. */
  bucket: z.string().trim().max(100).default(''),
  /** The S3-compatible API endpoint, e.g. https://oss-cn-hangzhou.aliyuncs.com. */
  endpoint: z.string().trim().max(300).default(''),
  /** Public root address of stored files, e.g. cdn.example.com (with the protocol header in front). */
  root_url: z.string().trim().max(300).default(''),
});
export type StorageSettings = z.infer<typeof StorageSettings>;
