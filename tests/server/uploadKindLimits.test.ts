import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { image, mp4, pdf, setUploadSettings, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { UploadSettings } from '../../models/uploadSettings';

// The upload group of the system settings (issue 13): each of the five kinds (image, video, audio, archive,
// other file) is held to its own size limit and its own formats, as saved on the settings screen.

let t: TestApp;
let c: Caller;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  const token = await t.login();
  c = { token, siteId: await insertSite(t, 'Kinds'), language: 'en' };
});
afterAll(() => t?.close());
afterEach(() => setUploadSettings(t));

/** A PCM WAV of `bytes` samples of silence. */
function wav(bytes: number): Buffer {
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + bytes, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36);
  head.writeUInt32LE(bytes, 40);
  return Buffer.concat([head, Buffer.alloc(bytes, 0x80)]);
}

/** A zip holding one stored (uncompressed) text file. */
function zip(content: Buffer, name = 'notes.txt'): Buffer {
  const fileName = Buffer.from(name);
  const crc = zlib.crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

type Kind = 'image' | 'video' | 'audio' | 'archive' | 'file';
/** A real file of each kind, a little over 2 KB, with its extension. */
const FILES: Array<[Kind, string, () => Promise<Buffer> | Buffer]> = [
  ['image', 'png', () => image('png', 40, 40, { seed: 5 })],
  ['video', 'mp4', () => mp4(3000)],
  ['audio', 'wav', () => wav(3000)],
  ['archive', 'zip', () => zip(Buffer.from('z'.repeat(3000)))],
  ['file', 'pdf', () => pdf('x'.repeat(3000))],
];

describe('each kind of upload follows its own settings', () => {
  it('with the defaults, a file of every kind is accepted', async () => {
    for (const [kind, ext, make] of FILES) {
      const bytes = await make();
      expect(bytes.length, kind).toBeGreaterThan(2048);
      const res = await uploadFile(t, c, { name: `ok-${kind}.${ext}`, bytes });
      expect(res.code, `${kind}: ${res.msg}`).toBe(0);
    }
  });

  it('a file over its kind’s size limit is refused with the limit saved in the settings', async () => {
    for (const [kind, ext, make] of FILES) {
      // Only this kind is limited, to 2 KB: the others keep their defaults.
      await setUploadSettings(t, { [kind]: { max_kb: 2 } });
      const res = await uploadFile(t, c, { name: `big-${kind}.${ext}`, bytes: await make() });
      expect([res.status, res.msg], kind).toEqual([413, 'The file is too large: files of this kind may be 2 KB at most']);
    }
  });

  it('a format its kind does not allow is refused, naming the format', async () => {
    for (const [kind, ext, make] of FILES) {
      const others = UploadSettings.parse({})[kind].formats.filter((f) => f !== ext && !(ext === 'png' && f === 'apng'));
      await setUploadSettings(t, { [kind]: { formats: others } });
      const res = await uploadFile(t, c, { name: `banned-${kind}.${ext}`, bytes: await make() });
      expect([res.status, res.msg], kind).toEqual([415, `Files of the .${ext} format may not be uploaded`]);
    }
  });

  it('the settings screen’s values are what the server enforces (saved through /sysSetting/update)', async () => {
    const values = { ...UploadSettings.parse({}), audio: { max_kb: 1, formats: ['wav'] }, archive: { max_kb: 500, formats: ['7z'] } };
    expect((await t.client(c.token).post('/sysSetting/update', { group: 'upload', values })).code).toBe(0);
    expect((await uploadFile(t, c, { name: 'a.wav', bytes: wav(3000) })).msg).toMatch(/1 KB at most/);
    expect((await uploadFile(t, c, { name: 'b.zip', bytes: zip(Buffer.from('small')) })).status).toBe(415);
  });
});
