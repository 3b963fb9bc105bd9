import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkCount, chunkPercent, chunkRange, missingChunks, nextChunk, usesChunks } from '../../../machines/upload.machine';
import { limitsFromSettings } from '../../../src/components/attachments/uploadLimits';
import { CHUNK_SIZE_DEFAULT_KB } from '../../../models/constants';

// The arithmetic that cuts a file into chunks and says how far an upload is.

// A file is described by its chunk size and chunk count (then any size that needs exactly that many
// chunks), so every case walks at most MAX_CHUNKS chunks whatever the byte sizes; sizes still reach
// hundreds of megabytes, and one-byte chunks and one-byte last chunks are in the domain.
const MAX_CHUNKS = 300;
const chunkSizes = fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 4 * 1024 * 1024 }));
const files = fc
  .tuple(chunkSizes, fc.integer({ min: 1, max: MAX_CHUNKS }))
  .chain(([chunkSize, chunks]) => fc.tuple(fc.integer({ min: (chunks - 1) * chunkSize + 1, max: chunks * chunkSize }), fc.constant(chunkSize)));
const RUNS = { numRuns: 300 };

describe('cutting a file into chunks', () => {
  it('the ranges cover every byte exactly once, in order, each at most one chunk long', () => {
    fc.assert(
      fc.property(files, ([size, chunkSize]) => {
        const total = chunkCount(size, chunkSize);
        expect(total).toBe(Math.ceil(size / chunkSize));
        // Plain comparisons in the loop (an expect per chunk costs more than the arithmetic).
        const ranges = Array.from({ length: total }, (_, i) => chunkRange(i + 1, size, chunkSize));
        const gaps = ranges.filter((r, i) => r.start !== (i === 0 ? 0 : ranges[i - 1]!.end) || r.end <= r.start || r.end - r.start > chunkSize);
        expect(gaps).toEqual([]);
        expect(ranges.at(-1)!.end).toBe(size);
      }),
      RUNS,
    );
  });

  it('only the last chunk may be short, and it is what is left after the full ones', () => {
    fc.assert(
      fc.property(files, ([size, chunkSize]) => {
        const total = chunkCount(size, chunkSize);
        const last = chunkRange(total, size, chunkSize);
        expect(last.end - last.start).toBe(size - (total - 1) * chunkSize);
        expect(last.end - last.start).toBeGreaterThan(0);
        if (total > 1) expect(chunkRange(total - 1, size, chunkSize).end - chunkRange(total - 1, size, chunkSize).start).toBe(chunkSize);
      }),
      RUNS,
    );
  });

  it('a 30 MiB file in the default 2048 KB chunks is 15 chunks, above the default threshold', () => {
    const { chunkSize, threshold } = limitsFromSettings({}, 'default');
    expect(chunkSize).toBe(CHUNK_SIZE_DEFAULT_KB * 1024);
    expect(chunkCount(30 * 1024 * 1024, chunkSize)).toBe(15);
    expect(usesChunks(30 * 1024 * 1024, threshold)).toBe(true);
  });

  it('the threshold is chunk_condition KB × 1024 bytes, and a file exactly at it is sent whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 64, max: 100_000 }), fc.integer({ min: 64, max: 100_000 }), (chunk_size, chunk_condition) => {
        const limits = limitsFromSettings({ chunk_size, chunk_condition }, 'sysSetting');
        expect(limits).toEqual({ chunkSize: chunk_size * 1024, threshold: chunk_condition * 1024, source: 'sysSetting' });
        expect(usesChunks(limits.threshold, limits.threshold)).toBe(false);
        expect(usesChunks(limits.threshold + 1, limits.threshold)).toBe(true);
      }),
    );
  });

  it('settings that are missing or out of range fall back to the defaults', () => {
    expect(limitsFromSettings({ chunk_size: 'lots' }, 'uploadConfig')).toEqual(limitsFromSettings(undefined, 'uploadConfig'));
    expect(limitsFromSettings({ chunk_size: 1 }, 'uploadConfig').chunkSize).toBe(CHUNK_SIZE_DEFAULT_KB * 1024);
  });
});

describe('knowing what is left to send', () => {
  const received = (total: number) => fc.array(fc.integer({ min: -2, max: total + 3 }), { maxLength: total + 5 });
  const upload = fc.integer({ min: 1, max: 60 }).chain((total) => fc.tuple(fc.constant(total), received(total)));

  it('missing and received chunks of the file together are every chunk once', () => {
    fc.assert(
      fc.property(upload, ([total, got]) => {
        const missing = missingChunks(total, got);
        const have = [...new Set(got)].filter((i) => i >= 1 && i <= total);
        expect([...missing, ...have].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        expect(missing).toEqual([...missing].sort((a, b) => a - b));
      }),
    );
  });

  it('the next chunk is the first missing one, or the last when none is missing', () => {
    fc.assert(
      fc.property(upload, ([total, got]) => {
        const missing = missingChunks(total, got);
        expect(nextChunk(total, got)).toBe(missing.length ? Math.min(...missing) : total);
      }),
    );
  });

  it('progress grows with each chunk and reaches 100 % only with every chunk', () => {
    fc.assert(
      fc.property(files, fc.integer({ min: 0, max: 1000 }), ([size, chunkSize], seed) => {
        const total = chunkCount(size, chunkSize);
        const order = Array.from({ length: total }, (_, i) => i + 1).sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101));
        let last = -1;
        for (let n = 0; n <= total; n++) {
          const percent = chunkPercent(order.slice(0, n), size, chunkSize);
          expect(percent).toBeGreaterThanOrEqual(last);
          expect(percent === 100).toBe(n === total);
          last = percent;
        }
      }),
      { numRuns: 100 },
    );
  });
});
