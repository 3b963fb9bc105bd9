import type { Locator, Page } from 'playwright-core';
import { containsText, eventually, visible } from './see';

/** The attachment picker dialog, as a user works it. */
export class PickerDialog {
  readonly root: Locator;
  constructor(page: Page) {
    this.root = page.getByTestId('attachment-picker');
  }

  async waitOpen() {
    await visible(this.root);
  }

  items() {
    return this.root.getByTestId('picker-item');
  }

  async seeItems(names: string[]) {
    await eventually(`the picker shows ${names.join(', ')}`, async () => {
      const shown = await this.items().evaluateAll((els) => els.map((e) => e.getAttribute('title')));
      return shown.length === names.length && names.every((n) => shown.includes(n));
    });
  }

  async choose(name: string) {
    await this.root.locator(`[data-testid="picker-item"][title="${name}"]`).click();
  }

  async isChosen(name: string) {
    return (await this.root.locator(`[data-testid="picker-item"][title="${name}"]`).getAttribute('aria-pressed')) === 'true';
  }

  async openCategory(id: number) {
    await this.root.getByTestId(`picker-category-${id}`).click();
  }

  async seeChosenCount(text: string) {
    await containsText(this.root.getByTestId('picker-selected'), text);
  }

  async upload(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.root.getByTestId('picker-files').setInputFiles(file);
  }

  async confirm() {
    await this.root.getByTestId('picker-confirm').click();
    await this.root.waitFor({ state: 'hidden' });
  }
}
