import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { mp4, pdf, storedUploads, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { attachments } from '../../server/db/schema/index';

// Issue 15, faults: the attachment row is written after the file is stored. When that write fails (here a
// trigger in the real database refuses it), the file stored for it goes too, so the database row and the file
// never disagree; a file another row already points at stays.

let t: TestApp;
let superToken: string;
let site: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  site = await insertSite(t, 'RowFaults');
  await t.db.execute(sql`create or replace function banyan_test_refuse_attachment() returns trigger language plpgsql as $$
    begin
      if new.name like 'refused-%' then raise exception 'attachment row refused by the test'; end if;
      return new;
    end $$`);
  await t.db.execute(sql`create trigger banyan_test_refuse_attachment before insert on attachments
    for each row execute function banyan_test_refuse_attachment()`);
});
afterAll(async () => {
  await t?.db.execute(sql`drop trigger if exists banyan_test_refuse_attachment on attachments`);
  await t?.db.execute(sql`drop function if exists banyan_test_refuse_attachment()`);
  await t?.close();
});

const caller = (): Caller => ({ token: superToken, siteId: site, language: 'en' });
const rowsNamed = (name: string) => t.db.select().from(attachments).where(eq(attachments.name, name));

describe('an attachment row that cannot be written', () => {
  it('removes the file just stored for it: no row, no file, and the next upload works', async () => {
    const before = await storedUploads(t);
    const refused = await uploadFile(t, caller(), { name: 'refused-clip.mp4', bytes: mp4(6000, 41), mime: 'video/mp4' });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).not.toMatch(/refused by the test|trigger|stack/);
    expect(await rowsNamed('refused-clip.mp4')).toEqual([]);
    expect(await storedUploads(t)).toEqual(before);

    const ok = await uploadFile(t, caller(), { name: 'kept-clip.mp4', bytes: mp4(6000, 41), mime: 'video/mp4' });
    expect(ok.code, ok.msg).toBe(0);
    expect((await storedUploads(t)).length).toBe(before.length + 1);
  });

  it('keeps a stored file that another row already points at (the same bytes uploaded before)', async () => {
    const bytes = pdf('shared bytes');
    const first = await uploadFile(t, caller(), { name: 'first.pdf', bytes, mime: 'application/pdf' });
    expect(first.code, first.msg).toBe(0);
    const before = await storedUploads(t);
    const refused = await uploadFile(t, caller(), { name: 'refused-copy.pdf', bytes, mime: 'application/pdf' });
    expect(refused.code).not.toBe(0);
    expect(await storedUploads(t)).toEqual(before);
    const [row] = await rowsNamed('first.pdf');
    expect(before).toContain(`uploads/${row!.path}`);
  });
});
