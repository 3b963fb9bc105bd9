import { IMAGE_COMPRESSION_QUALITY } from '../../../models/constants';

// Optional compression before upload (spec §9: quality 0.2, converted to PNG). PNG is lossless, so
// browsers ignore the quality for it; the re-encoded file is kept only when it is smaller.

/** Raster formats a canvas can redraw without losing anything the user would miss (not GIF animation, not SVG). */
const COMPRESSIBLE = ['image/jpeg', 'image/png', 'image/webp', 'image/bmp'];

export const isCompressible = (file: Blob) => COMPRESSIBLE.includes(file.type);

const pngName = (name: string) => `${name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name}.png`;

/** The compressed image, or the original when it cannot be compressed or compression makes it larger. */
export async function compressImage(file: File): Promise<File> {
  if (!isCompressible(file) || typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png', IMAGE_COMPRESSION_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], pngName(file.name), { type: 'image/png', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
