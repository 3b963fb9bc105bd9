import { z } from 'zod';
import { Id, Paging, TextFilter } from './common';

// Posters (/poster/index): a site's poster materials — name, size, output format and quality, a background
// image (the material file) or colour — with text, image and QR-code elements laid out on it. The server
// renders the layout to an image attachment (server/operations/posters).

export const POSTER_FORMATS = ['png', 'jpg', 'webp'] as const;
export type PosterFormat = (typeof POSTER_FORMATS)[number];
export const POSTER_BACKGROUNDS = ['image', 'color'] as const;
export type PosterBackground = (typeof POSTER_BACKGROUNDS)[number];

/** Poster width and height in pixels. */
export const POSTER_SIZE = { min: 50, max: 4000, default: { width: 750, height: 1334 } } as const;
export const POSTER_QUALITY = { min: 1, max: 100, default: 90 } as const;
/** Elements per poster, and their text lengths. */
export const POSTER_ELEMENTS_MAX = 50;
export const POSTER_TEXT_MAX = 500;
export const POSTER_FONT_SIZE = { min: 8, max: 400, default: 36 } as const;
/** Smallest element side in pixels (resizing stops there). */
export const POSTER_ELEMENT_MIN = 10;
export const POSTER_NAME_MAX = 100;
/** The font family text is drawn in, on the canvas and in the rendered image. */
export const POSTER_FONT = '"Noto Sans CJK SC", "Noto Sans SC", sans-serif';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const Color = z.string().trim().regex(HEX_COLOR, { message: 'poster.colorFormat' });
const Coord = z.number().int().min(-POSTER_SIZE.max).max(POSTER_SIZE.max);
const Side = z.number().int().min(POSTER_ELEMENT_MIN).max(POSTER_SIZE.max * 2);

const elementBase = { id: z.string().min(1).max(40), x: Coord, y: Coord, w: Side, h: Side };
export const PosterText = z.object({
  ...elementBase,
  kind: z.literal('text'),
  text: z.string().trim().min(1, { message: 'poster.textRequired' }).max(POSTER_TEXT_MAX),
  font_size: z.number().int().min(POSTER_FONT_SIZE.min).max(POSTER_FONT_SIZE.max),
  color: Color,
});
export const PosterImage = z.object({
  ...elementBase,
  kind: z.literal('image'),
  url: z.string().trim().min(1, { message: 'poster.imageRequired' }).max(1000),
});
export const PosterQr = z.object({
  ...elementBase,
  kind: z.literal('qr'),
  text: z.string().trim().min(1, { message: 'poster.qrRequired' }).max(POSTER_TEXT_MAX),
  color: Color,
});
export const PosterElement = z.discriminatedUnion('kind', [PosterText, PosterImage, PosterQr]);
export type PosterElement = z.infer<typeof PosterElement>;
export type PosterElementKind = PosterElement['kind'];
export const POSTER_ELEMENT_KINDS: readonly PosterElementKind[] = ['text', 'image', 'qr'];
export const PosterElements = z.array(PosterElement).max(POSTER_ELEMENTS_MAX);

export const Poster = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(POSTER_FORMATS),
  quality: z.number().int(),
  background_type: z.enum(POSTER_BACKGROUNDS),
  background_image: z.string(),
  background_color: z.string(),
  /** Bottom to top: later elements are drawn over earlier ones. */
  elements: PosterElements,
  /** The last rendered image (an attachment's URL); '' before the first render. */
  image_url: z.string(),
  rendered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Poster = z.infer<typeof Poster>;

const Dimension = z.coerce.number().int().min(POSTER_SIZE.min).max(POSTER_SIZE.max);
const posterFields = {
  name: z.string({ error: 'poster.nameRequired' }).trim().min(1, { message: 'poster.nameRequired' }).max(POSTER_NAME_MAX),
  width: Dimension.default(POSTER_SIZE.default.width),
  height: Dimension.default(POSTER_SIZE.default.height),
  format: z.enum(POSTER_FORMATS).default('png'),
  quality: z.coerce.number().int().min(POSTER_QUALITY.min).max(POSTER_QUALITY.max).default(POSTER_QUALITY.default),
  background_type: z.enum(POSTER_BACKGROUNDS).default('image'),
  background_image: z.string().trim().max(1000).default(''),
  background_color: Color.default('#ffffff'),
};

/** A poster drawn on an image needs that image: the material file. */
const lacksMaterial = (v: unknown) => {
  const o = (v ?? {}) as { background_type?: unknown; background_image?: unknown };
  return (o.background_type ?? 'image') === 'image' && !String(o.background_image ?? '').trim();
};
// `when`: checked even while other fields fail, so a form shows every missing field at once.
const materialRequired = { message: 'poster.materialRequired', path: ['background_image'], when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };
export const PosterCreate = z.object(posterFields).refine((v) => !lacksMaterial(v), materialRequired);
export const PosterUpdate = z.object({ id: Id, ...posterFields }).refine((v) => !lacksMaterial(v), materialRequired);
export const PosterListQuery = Paging.extend({ name: TextFilter });

/** POST /poster/layout: the editor's elements. */
export const PosterLayoutBody = z.object({ id: Id, elements: PosterElements });
/** POST /poster/render: draws the saved layout and stores the image as an attachment. */
export const PosterRenderBody = z.object({ id: Id });
export const PosterRendered = z.object({
  id: z.number().int(),
  attachment_id: z.number().int(),
  url: z.string(),
  /** File name for the download: the poster's name and the format's extension. */
  file_name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(POSTER_FORMATS),
});
export type PosterRendered = z.infer<typeof PosterRendered>;
