import type { Page } from 'playwright-core';
import { containsText, eventually, settled, visible } from './see';

// The inquiry screen (/Inquiry/index), in a user's words: open an inquiry, handle it, reply to it by e-mail,
// mark it, delete it, one or several.

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

  /** Chooses category, status and assignee by their labels, writes notes, and saves them. */
  async handle(choices: { category?: string; status?: string; assignee?: string; notes?: string }) {
    const d = this.dialog();
    if (choices.category) await d.getByTestId('inquiry-cate').selectOption({ label: choices.category });
    if (choices.status) await d.getByTestId('inquiry-status-select').selectOption({ label: choices.status });
    if (choices.assignee) await d.getByTestId('inquiry-assignee').selectOption({ label: choices.assignee });
    if (choices.notes !== undefined) await d.getByTestId('inquiry-notes').fill(choices.notes);
    await d.getByTestId('inquiry-save').click();
    await eventually('the handling is saved', async () => await d.getByTestId('inquiry-save').isDisabled());
  }

  async seeInRow(name: string, text: string) {
    await containsText(this.row(name), text);
  }

  /** Writes a reply and sends it; it then shows in the thread with this status label. */
  async reply(body: string, subject?: string) {
    const d = this.dialog();
    if (subject !== undefined) await d.getByTestId('reply-subject').fill(subject);
    await d.getByTestId('reply-body').fill(body);
    await d.getByTestId('reply-send').click();
  }

  async seeReply(nth: number, status: 'sent' | 'failed', text: string) {
    const reply = this.dialog().locator('[data-testid^="reply-"][data-status]').nth(nth);
    await eventually(`reply ${nth} is ${status}`, async () => (await reply.getAttribute('data-status')) === status);
    await containsText(reply, text);
  }

  async seeCannotReply() {
    await visible(this.dialog().getByTestId('inquiry-no-email'));
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

  /** Inquiries go to the recycle bin: deleted at once, without a confirm, and the toast offers an undo. */
  private async confirmDelete() {
    await visible(this.page.getByTestId('toast-action'));
  }
}
