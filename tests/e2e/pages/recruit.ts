import type { Page } from 'playwright-core';
import { containsText, settled, visible } from './see';

// The public job pages and the resume screen (/resume/index), in a user's words.

export class PublicJobs {
  constructor(private readonly page: Page, private readonly base: string) {}

  async openList() {
    await this.page.goto(`${this.base}/jobs/`);
    await visible(this.page.locator('[data-jobs]'));
  }

  async openPosition(title: string) {
    await this.page.locator('.job-item', { hasText: title }).getByRole('link', { name: title }).click();
    await visible(this.page.locator('form.apply-form'));
  }

  async apply(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
    const form = this.page.locator('form.apply-form');
    for (const [name, value] of Object.entries(fields)) await form.locator(`[name="${name}"]`).fill(value);
    if (file) await form.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.bytes });
    await form.locator('button[type="submit"]').click();
  }

  async seeFieldError(text: string) {
    await containsText(this.page.locator('.field-error'), text);
  }

  async seeSent(text: string) {
    await containsText(this.page.locator('.contact-done'), text);
  }
}

export class ResumeScreen {
  constructor(private readonly page: Page) {}

  private table() {
    return this.page.getByTestId('table-resume');
  }
  row(name: string) {
    return this.table().locator('tbody tr', { hasText: name });
  }
  dialog() {
    return this.page.getByTestId('resume-dialog');
  }

  async waitLoaded() {
    await visible(this.page.getByTestId('page-resume'));
    await visible(this.table().locator('tbody tr[data-testid^="row-"]'));
  }

  async seeResume(name: string, position: string) {
    await containsText(this.row(name), position);
  }

  async open(name: string) {
    await this.row(name).locator('[data-testid^="view-"]').click();
    await settled(this.dialog());
  }

  async seeInDialog(field: string, text: string) {
    await containsText(this.dialog().getByTestId(`resume-${field}`), text);
  }

  async setStatus(label: string) {
    await this.dialog().getByTestId('resume-status').selectOption({ label });
    await this.dialog().getByTestId('resume-save').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }

  async seeStatus(name: string, label: string) {
    await containsText(this.row(name).locator('[data-testid^="resume-status-"]'), label);
  }
}
