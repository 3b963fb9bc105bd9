import type { Page } from 'playwright-core';
import { containsText, eventually, settled, visible } from './see';

// The inquiry screen (/Inquiry/index), in a user's words: open an inquiry, mark it, delete it, one or several.

export class InquiryScreen {
  constructor(private readonly page: Page) {}

  private table() {
    return this.page.getByTestId('table-inquiry');
  }
  row(name: string) {
    return this.table().locator('tbody tr', { hasText: name });
  }
  dialog() {
    return this.page.getByTestId('inquiry-dialog');
  }

  async waitLoaded() {
    await visible(this.page.getByTestId('page-inquiry'));
    await visible(this.table().locator('tbody tr[data-testid^="row-"]'));
  }

  async seeInquiry(name: string) {
    await containsText(this.table(), name);
  }

  async dontSeeInquiry(name: string) {
    await eventually(`no row shows ${name}`, async () => (await this.row(name).count()) === 0);
  }

  async seeStatus(name: string, label: string) {
    await containsText(this.row(name).getByTestId('inquiry-status'), label);
  }

  async open(name: string) {
    await this.row(name).getByRole('button', { name }).click();
    await settled(this.dialog());
  }

  async seeInDialog(field: string, text: string) {
    await containsText(this.dialog().getByTestId(`inquiry-${field}`), text);
  }

  async seeDialogStatus(label: string) {
    await containsText(this.dialog().getByTestId('inquiry-status'), label);
  }

  async markInDialog(label: string) {
    await this.dialog().getByRole('button', { name: label }).click();
  }

  async closeDialog() {
    await this.dialog().getByRole('button', { name: /^(关闭|Close)$/ }).first().click();
    await this.dialog().waitFor({ state: 'hidden' });
  }

  async select(name: string) {
    await this.row(name).locator('label').first().click();
  }

  async seeSelected(name: string) {
    await eventually(`${name} is selected`, async () => (await this.row(name).getAttribute('data-selected')) !== null);
  }

  async markSelected(label: string) {
    await this.page.getByTestId('bulk-mark').click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  async deleteFromDialog() {
    await this.dialog().getByTestId('inquiry-delete').click();
    await this.confirmDelete();
  }

  async deleteSelected() {
    await this.page.getByTestId('page-inquiry').getByTestId('bulk-delete').click();
    await this.confirmDelete();
  }

  private async confirmDelete() {
    await containsText(this.page.getByTestId('confirm-delete'), '回收站');
    await this.page.getByTestId('confirm-delete-confirm').click();
    await this.page.getByTestId('confirm-delete').waitFor({ state: 'hidden' });
  }
}
