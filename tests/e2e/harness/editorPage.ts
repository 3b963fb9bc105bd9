import type { Page } from 'playwright-core';
import { containsText, eventually, visible } from '../pages/see';

// The rich-text editor as a writer uses it: type, format, insert through the toolbar's dialogs.

export class EditorPage {
  constructor(readonly page: Page) {}

  content = () => this.page.getByTestId('editor-content');
  tool = (name: string) => this.page.getByTestId(`editor-${name}`);

  async open(url: string) {
    await this.page.goto(url);
    await visible(this.content());
  }

  /** What the page received through onChange. */
  html = async () => (await this.page.getByTestId('harness-html').textContent()) ?? '';

  async seeHtml(part: string) {
    await eventually(`the saved HTML contains ${part}`, async () => (await this.html()).includes(part));
  }

  async dontSeeHtml(part: string) {
    await eventually(`the saved HTML no longer contains ${part}`, async () => !(await this.html()).includes(part));
  }

  async type(text: string) {
    await this.page.keyboard.type(text, { delay: 5 });
  }

  async press(keys: string) {
    await this.page.keyboard.press(keys);
  }

  /**
   * Extends the selection with keys at a person's pace: slate reads the DOM selection on a 100 ms
   * throttle, and keys faster than that can race its own selection updates.
   */
  async select(keys: string, times = 1) {
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(keys);
      await this.page.waitForTimeout(150);
    }
    await this.page.waitForTimeout(150);
  }

  async click(name: string) {
    await this.tool(name).click();
  }

  async pickColour(hex: string) {
    await this.click('color');
    await this.page.getByTestId(`editor-color-${hex.replace('#', '')}`).click();
    await this.press('Escape');
  }

  async chooseFontSize(px: number) {
    await this.tool('font-size').selectOption(String(px));
  }

  async insertTable(rows: number, cols: number) {
    await this.click('table');
    await this.page.getByTestId('editor-table-rows').fill(String(rows));
    await this.page.getByTestId('editor-table-cols').fill(String(cols));
    await this.page.getByTestId('editor-table-confirm').click();
  }

  async tableCommand(command: string) {
    await this.click('table-menu');
    await this.page.getByTestId(`editor-table-${command}`).click();
  }

  async seeToast(text: string) {
    await containsText(this.page.getByTestId('toast-error'), text);
  }

  async confirmEnabled(testId: string): Promise<boolean> {
    return this.page.getByTestId(testId).isEnabled();
  }
}
