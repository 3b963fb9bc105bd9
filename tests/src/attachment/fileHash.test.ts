import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sha256Hex } from '../../../src/components/attachments/fileHash';

// The SHA-256 sent for instant upload must be the server's: the same digest whatever the slices read.

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('hashing a file for instant upload', () => {
  it('reading the file in slices of any size gives the SHA-256 of its bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 5000 }), fc.integer({ min: 1, max: 6000 }), async (bytes, sliceBytes) => {
        expect(await sha256Hex(new Blob([bytes]), { sliceBytes })).toBe(nodeSha256(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('a file of several megabytes read in 1 MiB slices hashes like the whole', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 17).map((_, i) => (i * 31 + (i >> 11)) & 0xff);
    expect(await sha256Hex(new Blob([bytes]), { sliceBytes: 1024 * 1024 })).toBe(nodeSha256(bytes));
  });

  it('a file above the limit is not hashed (it uploads without the instant check)', async () => {
    expect(await sha256Hex(new Blob([new Uint8Array(11)]), { limit: 10 })).toBeNull();
    expect(await sha256Hex(new Blob([new Uint8Array(10)]), { limit: 10 })).toBe(nodeSha256(new Uint8Array(10)));
  });
});
