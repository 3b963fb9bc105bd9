import type { Locator, Page } from 'playwright-core';
import { containsText, eventually, visible } from './see';

// The notices at the top of the page, as a user reads and answers them: what a toast says and its Undo.

export class Toasts {
  constructor(private readonly page: Page) {}

  /** The newest success toast that says `text`. */
  private saying(text: string): Locator {
    return this.page.getByTestId('toast-success').filter({ hasText: text }).last();
  }

  async see(text: string) {
    await containsText(this.saying(text), text);
  }

  /** The toast that says `text` offers an Undo (its label in the page's language). */
  async seeUndoIn(text: string, label = '撤销') {
    await visible(this.saying(text).getByTestId('toast-action'));
    await containsText(this.saying(text).getByTestId('toast-action'), label);
  }

  async undo(text: string) {
    await this.saying(text).getByTestId('toast-action').click();
  }

  /**
   * Every notice has left (each leaves on its own after a few seconds). Notices show at the top, over the page's
   * toolbar, and one under the pointer waits there: a click on a toolbar button right after a notice would land on
   * the notice, and keep it.
   */
  async allGone() {
    await eventually('no notice shows', async () => (await this.page.locator('[data-scope="toast"][data-part="root"][data-state="open"]').count()) === 0);
  }

  /** No confirm dialog opened (for `testId`), whatever the page did. */
  async seeNoConfirm(testId: string) {
    await eventually(`no ${testId} dialog is open`, async () => !(await this.page.getByTestId(testId).isVisible()));
  }
}
