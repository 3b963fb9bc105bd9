import { encode } from 'uqr';

// How a poster's text and QR elements are drawn, shared by the editor's canvas and the server's renderer so
// both show the same lines and the same modules.

/** Line height of poster text, in font sizes. */
export const POSTER_LINE_HEIGHT = 1.25;
/** Quiet zone around a QR code, in modules. */
export const QR_BORDER = 2;

const isWide = (ch: string) => /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) || ch.codePointAt(0)! > 0xffff;

/** Estimated advance of one character in font sizes (CJK full width, Latin about half). */
export function charWidth(ch: string): number {
  if (isWide(ch)) return 1;
  if (/[iljtf.,;:'!|]/.test(ch)) return 0.3;
  if (/[A-Z mwMW]/.test(ch)) return ch === ' ' ? 0.28 : 0.68;
  return 0.55;
}

/** The text broken into lines that fit `width` pixels: at its own line breaks, then wherever a line runs out. */
export function wrapText(text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let used = 0;
    for (const ch of Array.from(paragraph)) {
      const w = charWidth(ch) * fontSize;
      if (line && used + w > width) {
        lines.push(line);
        line = '';
        used = 0;
      }
      line += ch;
      used += w;
    }
    lines.push(line);
  }
  return lines;
}

/** A QR code's dark modules as one SVG path in module units, and its side with the quiet zone. */
export function qrPath(text: string): { size: number; d: string } {
  const qr = encode(text, { ecc: 'M', border: QR_BORDER });
  const parts: string[] = [];
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size: qr.size, d: parts.join('') };
}
