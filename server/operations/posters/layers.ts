import sharp, { type OverlayOptions } from 'sharp';
import { POSTER_FONT, type PosterElement } from '../../../models/poster';
import { POSTER_LINE_HEIGHT, qrPath, wrapText } from '../../../models/posterDrawing';

// Each element of a poster as a raster layer at its place: text and QR codes drawn as SVG (text in the installed
// Noto CJK fonts), images scaled to cover their box; parts outside the poster are cut off.

/** Characters XML 1.0 does not allow, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
export const escapeXml = (s: string) =>
  s.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function textSvg(el: Extract<PosterElement, { kind: 'text' }>): string {
  const lines = wrapText(el.text, el.font_size, el.w);
  const lineHeight = el.font_size * POSTER_LINE_HEIGHT;
  // The first baseline sits half the leading plus the ascent (about 0.88 em) below the box's top.
  const first = (lineHeight - el.font_size) / 2 + el.font_size * 0.88;
  const tspans = lines.map((line, i) => `<tspan x="0" y="${(first + i * lineHeight).toFixed(1)}">${escapeXml(line) || ' '}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${el.w}" height="${el.h}">` +
    `<text font-family='${POSTER_FONT.replace(/"/g, '')}' font-size="${el.font_size}" fill="${el.color}" xml:space="preserve">${tspans}</text></svg>`
  );
}

export function qrSvg(el: Extract<PosterElement, { kind: 'qr' }>): string {
  const { size, d } = qrPath(el.text);
  const side = Math.min(el.w, el.h);
  const x = (el.w - side) / 2;
  const y = (el.h - side) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${el.w}" height="${el.h}">` +
    `<svg x="${x}" y="${y}" width="${side}" height="${side}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#ffffff"/><path d="${d}" fill="${el.color}"/></svg></svg>`
  );
}

/** The part of a w×h layer at (x, y) that falls on a width×height poster, as a composite input; null if none. */
export async function clipped(layer: Buffer, el: { x: number; y: number; w: number; h: number }, width: number, height: number): Promise<OverlayOptions | null> {
  const left = Math.max(0, el.x);
  const top = Math.max(0, el.y);
  const right = Math.min(width, el.x + el.w);
  const bottom = Math.min(height, el.y + el.h);
  if (right <= left || bottom <= top) return null;
  const whole = left === el.x && top === el.y && right === el.x + el.w && bottom === el.y + el.h;
  const input = whole
    ? layer
    : await sharp(layer)
        .extract({ left: left - el.x, top: top - el.y, width: right - left, height: bottom - top })
        .png()
        .toBuffer();
  return { input, left, top };
}

/** One element drawn at its size; images come from `loadImage` (the bytes of an attachment of the poster's site). */
export async function elementLayer(el: PosterElement, loadImage: (url: string) => Promise<Buffer>, limitInputPixels: number): Promise<Buffer> {
  if (el.kind === 'text') return sharp(Buffer.from(textSvg(el))).png().toBuffer();
  if (el.kind === 'qr') return sharp(Buffer.from(qrSvg(el))).png().toBuffer();
  const bytes = await loadImage(el.url);
  return sharp(bytes, { limitInputPixels }).rotate().resize(el.w, el.h, { fit: 'cover' }).png().toBuffer();
}
