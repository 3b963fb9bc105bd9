import sharp from 'sharp';
import type { PluginDefinition } from '../types';

// Image watermark on upload: JPEG, PNG and WebP images at least `min_width` wide get the text drawn on them
// (an SVG overlay composited with sharp) before they are stored; other files and smaller images are kept as
// they are. The image keeps its format and size.

export const WATERMARK_ID = 'watermark';
const FORMATS: Record<string, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
export const WATERMARK_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left', 'center'] as const;
type Position = (typeof WATERMARK_POSITIONS)[number];
/** Largest image (pixels) the plugin draws on; larger ones are stored unchanged. */
const MAX_PIXELS = 50_000_000;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The text overlay, the image's own size, anchored where `position` says with a margin. */
export function overlaySvg(width: number, height: number, text: string, position: Position, opacity: number): Buffer {
  const size = Math.max(12, Math.round(Math.min(width, height) / 16));
  const margin = Math.round(size * 0.8);
  const right = position.endsWith('right');
  const x = position === 'center' ? width / 2 : right ? width - margin : margin;
  const y = position === 'center' ? height / 2 : position.startsWith('top') ? margin + size : height - margin;
  const anchor = position === 'center' ? 'middle' : right ? 'end' : 'start';
  const alpha = Math.min(1, Math.max(0.05, opacity / 100));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${x}" y="${y}" text-anchor="${anchor}" dominant-baseline="${position === 'center' ? 'middle' : 'auto'}" font-family="sans-serif" font-size="${size}" ` +
      `fill="#ffffff" fill-opacity="${alpha}" stroke="#000000" stroke-opacity="${alpha / 2}" stroke-width="${Math.max(1, size / 24)}">${escapeXml(text)}</text></svg>`,
  );
}

const t = (zh: string, en: string) => ({ zh, en });

export const watermarkPlugin: PluginDefinition = {
  source: 'builtin',
  manifest: {
    id: WATERMARK_ID,
    name: t('图片水印', 'Image watermark'),
    version: '1.0.0',
    author: 'Banyan',
    description: t('上传 JPEG、PNG、WebP 图片时加上文字水印。', 'Draws a text watermark on JPEG, PNG and WebP images when they are uploaded.'),
    capabilities: ['upload.transform'],
    hooks: ['upload.beforeStore'],
    menus: [],
    settings: [
      { name: 'text', label: t('水印文字', 'Watermark text'), type: 'text', required: true, default: 'Banyan' },
      {
        name: 'position',
        label: t('位置', 'Position'),
        type: 'select',
        required: true,
        default: 'bottom-right',
        options: [
          { value: 'bottom-right', label: t('右下', 'Bottom right') },
          { value: 'bottom-left', label: t('左下', 'Bottom left') },
          { value: 'top-right', label: t('右上', 'Top right') },
          { value: 'top-left', label: t('左上', 'Top left') },
          { value: 'center', label: t('居中', 'Center') },
        ],
      },
      { name: 'opacity', label: t('不透明度（%）', 'Opacity (%)'), type: 'number', required: true, default: 50, help: t('5–100', '5–100') },
      {
        name: 'min_width',
        label: t('最小宽度（像素）', 'Minimum width (px)'),
        type: 'number',
        required: true,
        default: 300,
        help: t('更窄的图片不加水印', 'Narrower images get no watermark'),
      },
    ],
    schedule_minutes: 0,
  },
  hooks: {
    'upload.beforeStore': async (p, ctx) => {
      const format = FORMATS[p.mime];
      if (!format) return;
      const settings = await ctx.settings();
      const text = String(settings.text ?? '').trim();
      if (!text) return;
      const meta = await sharp(p.bytes, { limitInputPixels: MAX_PIXELS }).metadata();
      const width = meta.autoOrient?.width ?? meta.width;
      const height = meta.autoOrient?.height ?? meta.height;
      if (!width || !height || width < Number(settings.min_width ?? 0)) return;
      const position = (WATERMARK_POSITIONS as readonly string[]).includes(String(settings.position)) ? (settings.position as Position) : 'bottom-right';
      const overlay = overlaySvg(width, height, text, position, Number(settings.opacity ?? 50));
      return sharp(p.bytes, { limitInputPixels: MAX_PIXELS }).rotate().composite([{ input: overlay, top: 0, left: 0 }]).toFormat(format).toBuffer();
    },
  },
};
