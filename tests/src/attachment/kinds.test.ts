import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ATTACHMENT_TYPE } from '../../../models/attachment';
import { KIND_ORDER, acceptFor, kindOfFile, kindOfType, kindOptions } from '../../../src/components/attachments/attachmentKinds';
import { formatBytes } from '../../../src/components/attachments/fileSize';

// How the screen names and shows the five kinds, and how it reads sizes.

describe('attachment kinds', () => {
  it('the type filter offers image, video, audio, archive and other file, with the server\'s codes', () => {
    expect(KIND_ORDER).toEqual(['image', 'video', 'audio', 'archive', 'file']);
    expect(kindOptions.map((o) => o.value)).toEqual([2, 3, 5, 4, 1]);
    for (const k of KIND_ORDER) expect(kindOfType(ATTACHMENT_TYPE[k])).toBe(k);
    expect(kindOfType(99)).toBe('file');
  });

  it('a chosen file is announced by its MIME type or extension', () => {
    expect(kindOfFile('Photo.JPG', '')).toBe('image');
    expect(kindOfFile('logo.svg', 'image/svg+xml')).toBe('image');
    expect(kindOfFile('clip.mkv', '')).toBe('video');
    expect(kindOfFile('song', 'audio/mpeg')).toBe('audio');
    expect(kindOfFile('backup.7z', 'application/x-7z-compressed')).toBe('archive');
    expect(kindOfFile('report.pdf', 'application/pdf')).toBe('file');
    expect(kindOfFile('README', '')).toBe('file');
  });

  it('a picker for one kind accepts only its formats; any other accepts everything', () => {
    expect(acceptFor('image').split(',')).toEqual(expect.arrayContaining(['.jpg', '.png', '.svg', '.gif', '.bmp', '.webp']));
    expect(acceptFor('video').split(',')).toEqual(expect.arrayContaining(['.mp4', '.avi', '.3gp', '.rmvb', '.mov', '.mkv']));
    expect(acceptFor(undefined)).toBe('');
  });
});

describe('reading sizes', () => {
  it('names common sizes the way people say them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(202)).toBe('202 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(30 * 1024 * 1024)).toBe('30 MB');
    expect(formatBytes(256 * 1024 * 1024)).toBe('256 MB');
  });

  it('never shows more than three digits before the unit, and grows with the size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 49 }), fc.integer({ min: 0, max: 2 ** 49 }), (a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const value = (s: string) => Number(s.split(' ')[0]) * 1024 ** ['B', 'KB', 'MB', 'GB', 'TB'].indexOf(s.split(' ')[1]!);
        expect(Number(formatBytes(large).split(' ')[0])).toBeLessThan(1024);
        expect(value(formatBytes(large))).toBeGreaterThanOrEqual(value(formatBytes(small)) * 0.999);
      }),
    );
  });
});
