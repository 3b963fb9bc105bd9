// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeStore, type ResumeKey } from '../../../src/components/attachments/resumeStore';

// What lets a chunked upload go on after a page reload: the server's token, kept per file in
// localStorage, found again only for the same file cut the same way.

const key = (over: Partial<ResumeKey> = {}): ResumeKey => ({ site: 1, cateId: 3, name: 'film.mp4', size: 30 << 20, lastModified: 1700000000000, chunkSize: 2 << 20, compress: false, ...over });
const TOKEN = { basename: 'a'.repeat(32), path: `uploads/${'a'.repeat(32)}` };

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('remembering interrupted uploads', () => {
  it('the same file finds its token again; a changed file, category, site, chunk size or compression does not', () => {
    resumeStore.save(key(), TOKEN);
    expect(resumeStore.find(key())).toEqual(TOKEN);
    for (const over of [{ size: 1 }, { lastModified: 2 }, { name: 'other.mp4' }, { cateId: 4 }, { site: 2 }, { chunkSize: 1 << 20 }, { compress: true }]) {
      expect(resumeStore.find(key(over)), JSON.stringify(over)).toBeNull();
    }
  });

  it('lists a site\'s interrupted uploads newest first, and forgets one when it completes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    resumeStore.save(key({ name: 'a.zip', size: 10 }), TOKEN);
    vi.setSystemTime(2_000_000);
    resumeStore.save(key({ name: 'b.zip', size: 20 }), TOKEN);
    resumeStore.save(key({ name: 'c.zip', site: 2 }), TOKEN);
    expect(resumeStore.pending(1).map((p) => [p.name, p.size])).toEqual([
      ['b.zip', 20],
      ['a.zip', 10],
    ]);
    resumeStore.forget(key({ name: 'b.zip', size: 20 }));
    expect(resumeStore.pending(1).map((p) => p.name)).toEqual(['a.zip']);
    resumeStore.forgetSite(1);
    expect(resumeStore.pending(1)).toEqual([]);
    expect(resumeStore.pending(2).map((p) => p.name)).toEqual(['c.zip']);
  });

  it('a token older than a week is not offered (the server dropped its chunks long ago)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    resumeStore.save(key(), TOKEN);
    vi.setSystemTime(7 * 24 * 3600_000 + 1);
    expect(resumeStore.find(key())).toBeNull();
    expect(resumeStore.pending(1)).toEqual([]);
  });

  it('tells its listeners about every change, and survives storage that holds garbage', () => {
    const heard = vi.fn();
    const stop = resumeStore.subscribe(heard);
    const before = resumeStore.version();
    resumeStore.save(key(), TOKEN);
    resumeStore.forget(key());
    expect(heard).toHaveBeenCalledTimes(2);
    expect(resumeStore.version()).toBe(before + 2);
    stop();
    localStorage.setItem('banyan:uploads', '{not json');
    expect(resumeStore.find(key())).toBeNull();
    localStorage.setItem('banyan:uploads', JSON.stringify({ x: { basename: '', path: '' } }));
    expect(resumeStore.pending(1)).toEqual([]);
  });
});
