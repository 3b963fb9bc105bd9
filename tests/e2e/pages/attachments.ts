import type { Page } from 'playwright-core';
import { containsText, countIs, eventually, visible } from './see';

// The attachment screen (/AttachmentCate/index), in a user's words.

export class AttachmentsScreen {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('page-attachments');
  }

  async waitLoaded() {
    await visible(this.root());
    await visible(this.page.getByTestId('cate-node-0'));
  }

  node(title: string) {
    return this.page.getByTestId('cate-tree').locator('[role="treeitem"]', { hasText: title });
  }

  async selectCategory(title: string) {
    await this.node(title).first().click();
    await eventually(`"${title}" is selected`, async () => (await this.node(title).first().getAttribute('aria-selected')) === 'true');
  }

  async selectRoot() {
    await this.page.getByTestId('cate-node-0').click();
  }

  /** The actions the selected node offers, e.g. ['add', 'edit', 'delete']. */
  async nodeActions(): Promise<string[]> {
    const ids = await this.page.getByTestId('cate-tree').locator('[data-testid="cate-add"], [data-testid="cate-edit"], [data-testid="cate-delete"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
    return ids.map((id) => id.replace('cate-', ''));
  }

  categoryForm() {
    return this.page.getByTestId('form-attachmentCate');
  }

  async addCategory(title: string, parent?: string) {
    await this.page.getByTestId('cate-add').click();
    const form = this.categoryForm();
    await visible(form);
    if (parent) await form.getByTestId('field-parent_id').selectOption({ label: parent });
    await form.getByTestId('field-title').fill(title);
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'hidden' });
    await visible(this.node(title));
  }

  async renameSelectedCategory(title: string) {
    await this.page.getByTestId('cate-edit').click();
    const form = this.categoryForm();
    await visible(form);
    await form.getByTestId('field-title').fill(title);
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'hidden' });
    await visible(this.node(title));
  }

  async deleteSelectedCategory() {
    await this.page.getByTestId('cate-delete').click();
    await this.page.getByTestId('confirm-cate-delete-confirm').click();
  }

  tiles() {
    return this.page.getByTestId('attachment-grid').locator('[data-testid^="attachment-"][data-name]');
  }

  tile(name: string) {
    return this.page.getByTestId('attachment-grid').locator(`[data-name="${name}"]`);
  }

  async seeAttachment(name: string) {
    await visible(this.tile(name));
  }

  async dontSeeAttachment(name: string) {
    await countIs(this.tile(name), 0);
  }

  async upload(files: string | string[]) {
    await this.page.getByTestId('upload-input').setInputFiles(files);
  }

  uploadRow(name: string) {
    return this.page.getByTestId('upload-list').locator(`[data-testid="upload-row"][data-name="${name}"]`);
  }

  async uploadPercent(name: string): Promise<number> {
    return Number(await this.uploadRow(name).getByTestId('upload-progress').getAttribute('data-value'));
  }

  async seeUploadDone(name: string, timeout = 60_000) {
    await eventually(`${name} is uploaded`, async () => (await this.uploadRow(name).getAttribute('data-phase')) === 'done', timeout);
  }

  async seeUploadFailed(name: string, message: string) {
    await eventually(`${name} failed`, async () => (await this.uploadRow(name).getAttribute('data-phase')) === 'failed');
    await containsText(this.uploadRow(name).getByTestId('upload-error'), message);
  }

  async filterByType(label: string) {
    await this.page.getByTestId('filter-type').selectOption({ label });
  }

  async search(name: string) {
    await this.page.getByTestId('filter-name').fill(name);
    await this.page.getByTestId('filter-apply').click();
  }

  async addNetworkAttachment(values: { name: string; url: string }) {
    await this.page.getByTestId('network-button').click();
    const form = this.page.getByTestId('form-network');
    await visible(form);
    await form.getByTestId('field-name').fill(values.name);
    await form.getByTestId('field-url').fill(values.url);
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'hidden' });
  }

  /** Deletes at once (to the recycle bin, with an Undo in the toast) for a role that may use the bin. */
  async deleteAttachment(name: string) {
    await this.tile(name).getByTestId('attachment-delete').click();
    await this.dontSeeAttachment(name);
  }
}
