import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { createOwner, signIn } from './pages/owner';
import { FormDesignerScreen, PublicForm } from './pages/formDesigner';
import { containsText, countIs, eventually, pageSettled, settled, visible } from './pages/see';
import { DiscardQuestion, TabsBar } from './pages/leaving';
import { seriousViolations } from './pages/accessibility';

// The form designer end to end: an admin designs a form by dragging components from the palette onto the
// grid, saves and publishes it; a visitor submits it on the public site (refused once, with the field
// named; accepted once); the submission shows in /form/detail and exports.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
let token: string;
const OWNER = { account: 'forms@example.com', password: 'Forms-pass-2026' };

const fieldOf = (rules: { field: string; type: string }[], type: string) => rules.find((r) => r.type === type)!.field;

async function createForm(name: string, code: string): Promise<number> {
  const res = await t.client(token, { siteId }).post('/form/save', { name, code, type: 'form', description: '' });
  if (res.code !== 0) throw new Error(`form/save failed: ${res.msg}`);
  const list = await t.client(token, { siteId }).get(`/form/index?name=${encodeURIComponent(name)}`);
  return (list.data as { id: number; code: string }[]).find((f) => f.code === code)!.id;
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Designer' });
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  token = await t.login();
  siteId = (await t.client(token).get('/website/siteList')).data[0].id as number;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('form designer', () => {
  it('an admin designs a form by dragging, publishes it, a visitor submits it, and the admin sees and exports the data', async () => {
    const id = await createForm('联系我们', 'contact-us');
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Form/index' });
    await page.getByTestId(`design-${id}`).click();
    const designer = new FormDesignerScreen(page);
    await designer.waitLoaded();
    // No component is active yet: the panel shows the form options.
    await designer.seeTab('options');

    await designer.drag('input');
    // The dropped component is the active one, its properties tab open.
    await designer.seeTab('props');
    await designer.setTitle('姓名');
    await designer.setRequired();
    await pageSettled(page);
    await saveScreenshot(page, 'form-designer-validate-zh-1440.png');
    await designer.drag('radio');
    await designer.seeTab('props');
    await designer.setOptions(['m=男', 'f=女']);
    await designer.setTitle('性别');
    // A click on the empty canvas leaves no component active.
    const canvas = (await designer.canvas().boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height - 8);
    await designer.seeTab('options');
    await designer.save();
    await pageSettled(page);
    await saveScreenshot(page, 'form-designer-options-zh-1440.png');

    const saved = await t.client(token, { siteId }).get(`/form/design?id=${id}`);
    const rules = (saved.data as { design: { rules: { field: string; type: string; title: string; validate?: { required?: boolean }[]; props?: { options?: unknown } }[] } }).design.rules;
    expect(rules.map((r) => [r.type, r.title])).toEqual([
      ['input', '姓名'],
      ['radio', '性别'],
    ]);
    expect(rules[0]!.validate).toEqual([{ required: true }]);
    expect(rules[1]!.props!.options).toEqual([
      { label: '男', value: 'm' },
      { label: '女', value: 'f' },
    ]);

    // Saved, the designer lets the admin go back to the list without asking; there the form is published.
    await page.getByTestId('design-back').click();
    const publish = page.getByTestId(`publish-${id}`);
    await visible(publish);
    await publish.click();
    await eventually('the form is published', async () => (await publish.getAttribute('data-state')) === 'checked');

    const visitor = await browser.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const form = new PublicForm(visitor, t.url);
    await form.open('contact-us');
    await form.choose('性别', '女');
    await form.submit();
    // Refused: the required field is named in its message.
    await form.seeError('姓名');
    await form.fill('姓名', '林小雨');
    await form.choose('性别', '女');
    await form.submit();
    await form.seeSent();
    await visitor.close();

    // The submission is in /form/detail, and its export holds the value.
    await shell.go('/Form/index');
    await page.getByTestId(`data-${id}`).click();
    const table = page.getByTestId('table-submissions');
    await containsText(table, '林小雨');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('form-contact-us.csv');
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv).toContain('林小雨');
    expect(csv).toContain('姓名');
    const stored = await t.client(token, { siteId }).get(`/form/detail?id=${id}`);
    expect(stored.count).toBe(1);
    expect((stored.data as { values: Record<string, unknown> }[])[0]!.values).toMatchObject({ [fieldOf(rules, 'input')]: '林小雨', [fieldOf(rules, 'radio')]: 'f' });
    await page.close();
  });

  it('the designer fits a phone and a desktop, in Chinese and English', async () => {
    const id = await createForm('Screens', 'screens');
    await t.client(token, { siteId }).post('/form/saveDesign', {
      id,
      design: {
        rules: [
          { field: 'name', title: 'Name', type: 'input', validate: [{ required: true }], attrs: { grid: { x: 0, y: 0, w: 12, h: 1 } } },
          { field: 'phone', title: 'Phone', type: 'input', attrs: { grid: { x: 12, y: 0, w: 12, h: 1 } } },
          { field: 'topic', title: 'Topic', type: 'radio', props: { options: [{ label: 'Sales', value: 's' }, { label: 'Support', value: 'h' }] }, attrs: { grid: { x: 0, y: 1, w: 24, h: 1 } } },
          { field: 'note', title: 'Message', type: 'textarea', attrs: { grid: { x: 0, y: 2, w: 24, h: 2 } } },
        ],
      },
    });
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1440, 375]) {
        const { page } = await signIn(browser.browser, t, OWNER, { at: `/form/design?id=${id}`, width, height: 900, lang });
        const designer = new FormDesignerScreen(page);
        await designer.waitLoaded();
        await designer.choose('input');
        await pageSettled(page);
        await saveScreenshot(page, `form-designer-${lang}-${width}.png`, { fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.getByTestId('design-preview').click();
        await settled(page.getByTestId('preview-dialog'));
        await page.getByTestId('preview-submit').click();
        await visible(page.getByTestId('form-error-name'));
        await saveScreenshot(page, `form-designer-preview-${lang}-${width}.png`);
        await page.close();
      }
    }
  });

  it('an admin adds components with the keyboard, undoes and redoes, edits the JSON and exports and imports it', async () => {
    const id = await createForm('Keyboard', 'keyboard');
    const { page } = await signIn(browser.browser, t, OWNER, { at: `/form/design?id=${id}` });
    const designer = new FormDesignerScreen(page);
    await designer.waitLoaded();
    await designer.addWithKeyboard('input');
    await designer.addWithKeyboard('image');
    // The image picker takes one image, whatever else is asked.
    await visible(designer.panel().getByTestId('prop-image-limit'));
    await containsText(designer.panel().getByTestId('prop-image-limit'), '最多只能选择一张图片');
    await page.getByTestId('design-undo').click();
    await countIs(designer.items(), 1);
    await page.getByTestId('design-redo').click();
    await countIs(designer.items(), 2);
    // Copy duplicates the active component under a new field name; delete takes it away again.
    await designer.choose('image');
    await page.getByTestId('design-copy').click();
    await countIs(designer.item('image'), 2);
    await page.getByTestId('design-delete').click();
    await countIs(designer.item('image'), 1);
    await designer.seeTab('options');

    // Invalid JSON in the struct editor shows the input-format error and changes nothing.
    await page.getByTestId('design-struct').click();
    const dialog = page.getByTestId('struct-dialog');
    await settled(dialog);
    await dialog.getByTestId('struct-text').fill('{"rules": [');
    await containsText(dialog.getByTestId('struct-error'), '输入格式错误');
    expect(await dialog.getByTestId('struct-apply').isDisabled()).toBe(true);
    await dialog.getByTestId('struct-close').click();
    await countIs(designer.items(), 2);

    // Exported, the design comes back as a JSON file in the rule format.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('design-export').click()]);
    expect(download.suggestedFilename()).toBe('Keyboard.json');
    const exported = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as { rules: { type: string }[]; options: { labelWidth: string; size: string; labelPosition: string } };
    expect(exported.rules.map((r) => r.type)).toEqual(['input', 'image']);
    expect(exported.options).toMatchObject({ labelWidth: '125px', size: 'mini', labelPosition: 'right' });
    // Imported, a JSON file replaces the design.
    const file = path.join(SCREENSHOT_DIR, 'form-designer-import.json');
    await fs.writeFile(file, JSON.stringify({ rules: [{ field: 'email', title: 'E-mail', type: 'input' }] }));
    await page.getByTestId('design-import-file').setInputFiles(file);
    await countIs(designer.items(), 1);
    await containsText(designer.items().first(), 'E-mail');

    expect(await seriousViolations(page)).toEqual([]);

    // Unsaved changes are not left behind without asking.
    await new TabsBar(page).close('/form/design');
    const question = new DiscardQuestion(page);
    await question.seeAsked();
    await question.keepEditing();
    await visible(designer.root());
    await page.close();
  });
});
