// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../../src/api/http';

// The editor's image upload (src/features/content/ImageInput.tsx → uploadImage, given to every
// RichTextEditor) goes through the attachment upload chart: hash check, then one request below the
// chunk threshold or the chunked endpoint above it, with the chart's progress and errors.

type Call = { method: 'get' | 'post'; url: string; body?: unknown };
const calls: Call[] = [];
let answer: (call: Call, config: RequestOptions) => Promise<unknown>;

vi.mock('../../../src/api/http', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/api/http')>();
  const respond = (call: Call, config: RequestOptions = {}) => {
    calls.push(call);
    return answer(call, config).then((data) => ({ data, msg: '' }));
  };
  return {
    ...actual,
    get: (url: string, params?: unknown, config?: RequestOptions) => respond({ method: 'get', url, body: params }, config),
    post: (url: string, body?: unknown, config?: RequestOptions) => respond({ method: 'post', url, body }, config),
  };
});

const { ApiFailure } = await import('../../../src/api/http');
const { uploadImage } = await import('../../../src/features/content/ImageInput');
// The editor runs inside the shell, which brings the features' strings (the refusal message is one).
await (await import('../../../src/i18n')).loadFeatureStrings();

const KB = 1024;
// Chunks of 64 KB above 64 KB (the smallest the settings allow).
const LIMITS = { chunk_size: 64, chunk_condition: 64 };
const ATTACHMENT = { id: 41, name: 'tree.png', url: '/uploads/1/tree.png' };
const image = (bytes: number, name = 'tree.png') => new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/png', lastModified: 1_700_000_000_000 });
const field = (body: unknown, name: string) => (body as FormData).get(name);
/** The upload's own requests (the chunk settings are read once a minute). */
const sent = () => calls.filter((c) => c.url !== '/attachment/uploadConfig');

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
});

describe('an image uploaded from the rich-text editor', () => {
  it('goes through the upload chart to the attachment endpoints, reporting its progress', async () => {
    answer = async ({ url }, config) => {
      if (url === '/attachment/uploadConfig') return LIMITS;
      if (url === '/attachment/checkHash') return null;
      if (url === '/attachment/uploadAndSave') {
        config.onUploadProgress?.({ loaded: 30, total: 60 } as never);
        return ATTACHMENT;
      }
      throw new Error(`unexpected ${url}`);
    };
    const progress: number[] = [];
    await expect(uploadImage(image(10 * KB), (p) => progress.push(p))).resolves.toEqual(ATTACHMENT);
    expect(sent().map((c) => c.url)).toEqual(['/attachment/checkHash', '/attachment/uploadAndSave']);
    // The hash check asks for an image of the site's uncategorised attachments.
    expect(sent()[0]!.body).toMatchObject({ name: 'tree.png', size: 10 * KB, type: 2, attachment_cate_id: 0 });
    expect(sent()[0]!.body).toHaveProperty('hash', expect.stringMatching(/^[0-9a-f]{64}$/));
    const form = sent()[1]!.body;
    expect([field(form, 'type'), field(form, 'attachment_cate_id'), (field(form, 'file') as File).size]).toEqual(['2', '0', 10 * KB]);
    expect(progress).toEqual([0, 50, 100]);
  });

  it('a large image goes in chunks through the chunked endpoint', async () => {
    answer = async ({ url, body }) => {
      if (url === '/attachment/uploadConfig') return LIMITS;
      if (url === '/attachment/checkHash') return null;
      if (url === '/attachment/sliceUploadAndSave') {
        const index = Number(field(body, 'chunk_index'));
        if (index < 3) throw new ApiFailure(1, 'continue', { resource_temp_basename: 'u-1', resource_temp_path: 'tmp/u-1', received: [1, 2].slice(0, index) });
        return ATTACHMENT;
      }
      throw new Error(`unexpected ${url}`);
    };
    const progress: number[] = [];
    await expect(uploadImage(image(130 * KB), (p) => progress.push(p))).resolves.toEqual(ATTACHMENT);
    const chunks = calls.filter((c) => c.url === '/attachment/sliceUploadAndSave');
    expect(chunks.map((c) => [field(c.body, 'chunk_index'), field(c.body, 'chunk_total'), field(c.body, 'resource_temp_basename')])).toEqual([
      ['1', '3', ''],
      ['2', '3', 'u-1'],
      ['3', '3', 'u-1'],
    ]);
    expect(calls.some((c) => c.url === '/attachment/uploadAndSave')).toBe(false);
    expect(progress.at(-1)).toBe(100);
    expect(progress.slice(1, -1).every((p) => p > 0 && p < 100)).toBe(true);
  });

  it('an image the site already holds completes from its hash without sending the bytes', async () => {
    answer = async ({ url }) => (url === '/attachment/uploadConfig' ? LIMITS : url === '/attachment/checkHash' ? ATTACHMENT : Promise.reject(new Error(url)));
    await expect(uploadImage(image(200 * KB), () => {})).resolves.toEqual(ATTACHMENT);
    expect(sent().map((c) => c.url)).toEqual(['/attachment/checkHash']);
  });

  it('a refused image fails with the message the attachment screen shows', async () => {
    answer = async ({ url }) => {
      if (url === '/attachment/uploadConfig') return LIMITS;
      if (url === '/attachment/checkHash') return null;
      throw new ApiFailure(413, '文件过大');
    };
    await expect(uploadImage(image(KB), () => {})).rejects.toThrow('文件过大');
  });
});
