// Which image a file really is, from its first bytes (never from its name or a Content-Type header).

export interface ImageType {
  mime: string;
  ext: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Sizes of the BMP info headers in use (core, v1-v5, OS/2 v2): "BM" alone is too weak a signature. */
const BMP_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/** JPEG, PNG, GIF, WEBP or BMP; null for anything else (SVG included: it can carry script). */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 18) {
    const infoSize = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24);
    if (BMP_HEADER_SIZES.has(infoSize)) return { mime: 'image/bmp', ext: 'bmp' };
  }
  return null;
}
