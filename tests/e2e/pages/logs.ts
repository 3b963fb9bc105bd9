import type { Page } from 'playwright-core';
import { containsText, eventually, visible } from './see';

/** The operation log (/AdminOptLog/index) and the login log (/AdminLoginLog/index), as a reader sees them. */
export class LogsScreen {
  constructor(private readonly page: Page) {}

  private optTable() {
    return this.page.getByTestId('table-adminOptLog');
  }

  private loginTable() {
    return this.page.getByTestId('table-adminLoginLog');
  }

  async seeOperationLog() {
    await visible(this.optTable().locator('tbody tr'));
  }

  async seeLoginLog() {
    await visible(this.loginTable().locator('tbody tr'));
  }

  async seeAction(name: string) {
    await containsText(this.optTable().getByTestId('optlog-action').filter({ hasText: name }), name);
  }

  async seeDetails(text: string) {
    await containsText(this.optTable().getByTestId('optlog-details').filter({ hasText: text }), text);
  }

  /** Neither action keys ("admin.selfUpdate") nor JSON anywhere in the table. */
  async dontSeeKeysOrJson(keys: string[]) {
    await eventually('the log reads as words', async () => {
      const text = await this.optTable().innerText();
      return !text.includes('{"') && !text.includes('":') && keys.every((k) => !text.includes(k));
    });
  }

  async seeLocation(text: string) {
    await containsText(this.loginTable().locator('tbody'), text);
  }

  async dontSeeLocation(text: string) {
    await eventually(`no location reads "${text}"`, async () => !(await this.loginTable().innerText()).includes(text));
  }
}
