/** Files above this are uploaded without asking for an instant upload: hashing them would hold the whole file in memory. */
export const HASH_LIMIT_BYTES = 64 * 1024 * 1024;
const SLICE_BYTES = 4 * 1024 * 1024;

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * SHA-256 of a file as lower-case hex, or null when it cannot be had cheaply: above `limit`, or
 * without Web Crypto (a page served over plain HTTP from a non-local address has no crypto.subtle).
 * Web Crypto has no incremental digest, so the file is read slice by slice into one buffer of its
 * size and digested once; a streaming hash for larger files would need a hashing library.
 */
export async function sha256Hex(blob: Blob, { limit = HASH_LIMIT_BYTES, sliceBytes = SLICE_BYTES } = {}): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || blob.size > limit) return null;
  const bytes = new Uint8Array(blob.size);
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    bytes.set(new Uint8Array(await blob.slice(offset, offset + sliceBytes).arrayBuffer()), offset);
  }
  return hex(await subtle.digest('SHA-256', bytes));
}
