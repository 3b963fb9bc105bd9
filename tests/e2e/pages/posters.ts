import type { Download, Page } from 'playwright-core';
import { containsText, eventually, settled, visible } from './see';

// The poster screen (/poster/index), in a user's words: make a poster, lay it out, generate and download it.

export class PosterScreen {
  constructor(private readonly page: Page) {}

  form() {
    return this.page.getByTestId('form-poster');
  }
  editor() {
    return this.page.getByTestId('poster-dialog');
  }
  private row(name: string) {
    return this.page.getByTestId('table-poster').locator('tbody tr', { hasText: name });
  }
  element(kind: 'text' | 'image' | 'qr') {
    return this.editor().locator(`[data-testid^="poster-element-"][data-kind="${kind}"]`);
  }

  async waitLoaded() {
    await visible(this.page.getByTestId('page-poster'));
  }

  async startCreating() {
    await this.page.getByTestId('page-poster').getByTestId('create').click();
    await settled(this.form());
  }
  async fill(field: string, value: string) {
    await this.form().getByTestId(`field-${field}`).fill(value);
  }
  async choose(field: string, label: string) {
    await this.form().getByTestId(`field-${field}`).selectOption({ label });
  }
  async trySave() {
    await this.form().getByTestId('form-submit').click();
  }
  async save() {
    await this.trySave();
    await this.form().waitFor({ state: 'hidden' });
  }
  async seeFieldError(field: string, text: string) {
    await containsText(this.form().getByTestId(`field-${field}-error`), text);
  }
  async seePoster(name: string, text: string) {
    await containsText(this.row(name), text);
  }

  async design(name: string) {
    await this.row(name).locator('[data-testid^="poster-design-"]').click();
    await settled(this.editor());
    await visible(this.editor().getByTestId('poster-canvas'));
  }
  async addText(text: string, fontSize: number) {
    await this.editor().getByTestId('poster-add-text').click();
    await visible(this.element('text'));
    await this.editor().getByTestId('poster-prop-text').fill(text);
    await this.editor().getByTestId('poster-prop-size').fill(String(fontSize));
    await containsText(this.element('text'), text);
  }
  async addQr(content: string) {
    await this.editor().getByTestId('poster-add-qr').click();
    await visible(this.element('qr'));
    await this.editor().getByTestId('poster-prop-text').fill(content);
  }
  /** Drags an element by (dx, dy) screen pixels; answers where it was and where it ended up. */
  async drag(kind: 'text' | 'qr', dx: number, dy: number) {
    const el = this.element(kind);
    const before = (await el.boundingBox())!;
    await this.page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(before.x + before.width / 2 + dx, before.y + before.height / 2 + dy, { steps: 5 });
    await this.page.mouse.up();
    return { before, after: (await el.boundingBox())! };
  }
  /** The kinds of the canvas's elements, bottom to top. */
  layerOrder() {
    return this.editor().locator('[data-testid^="poster-element-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
  }
  async lowerSelected() {
    await this.editor().getByTestId('poster-lower').click();
  }
  async generate() {
    await this.editor().getByTestId('poster-render').click();
    await visible(this.editor().getByTestId('poster-download'), 30_000);
    await eventually('the preview has loaded', () => this.editor().getByTestId('poster-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
  }
  async download(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.editor().getByTestId('poster-download').click()]);
    return download;
  }
  async tryClosing() {
    await this.editor().getByRole('button', { name: /^(关闭|Close)$/ }).first().click();
  }
  async closeEditor() {
    await this.tryClosing();
    await this.editor().waitFor({ state: 'hidden' });
  }
  /** Answers the "discard changes?" question that closing a changed layout asks. */
  async answerDiscard(discard: boolean) {
    const confirm = this.page.getByTestId('confirm-discard');
    await settled(confirm);
    await confirm.getByTestId(discard ? 'confirm-discard-confirm' : 'confirm-discard-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
  }
}
