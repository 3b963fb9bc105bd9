import type { Page } from 'playwright-core';
import { countIs, eventually, settled, visible } from './see';

// The form designer (/form/design?id=N), in a user's words: drag components onto the canvas, choose one,
// edit its title and validation, preview, save.

export class FormDesignerScreen {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('form-designer');
  }
  canvas() {
    return this.page.getByTestId('form-canvas');
  }
  items() {
    return this.canvas().locator('[data-testid^="canvas-item-"]');
  }
  item(type: string) {
    return this.canvas().locator(`[data-testid^="canvas-item-"][data-type="${type}"]`);
  }
  panel() {
    return this.page.getByTestId('form-panel');
  }

  async waitLoaded() {
    await visible(this.root());
    await eventually('the design is loaded', async () => (await this.root().getAttribute('data-loading')) === 'false');
    await visible(this.canvas());
  }

  /** Drags a component from the palette with the mouse and drops it on the canvas, below what is there. */
  async drag(kind: string) {
    const before = await this.items().count();
    const source = this.page.getByTestId(`palette-${kind}`);
    await source.scrollIntoViewIfNeeded();
    const from = (await source.boundingBox())!;
    const canvas = (await this.canvas().boundingBox())!;
    const last = this.items().last();
    const bottom = before ? (await last.boundingBox())!.y + (await last.boundingBox())!.height : canvas.y;
    const to = { x: canvas.x + canvas.width / 2, y: Math.min(bottom + 20, canvas.y + canvas.height - 10) };
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
    await this.page.mouse.move(to.x, to.y, { steps: 12 });
    await this.page.mouse.move(to.x + 2, to.y + 2, { steps: 2 });
    await this.page.mouse.up();
    await countIs(this.items(), before + 1);
    await settled(this.canvas());
  }

  /** Adds a component with the keyboard: focus its palette button and press Enter. */
  async addWithKeyboard(kind: string) {
    const before = await this.items().count();
    await this.page.getByTestId(`palette-${kind}`).focus();
    await this.page.keyboard.press('Enter');
    await countIs(this.items(), before + 1);
  }

  async choose(type: string) {
    await this.item(type).first().click();
    await eventually('the component is active', async () => (await this.item(type).first().getAttribute('data-active')) === 'true');
  }
  async seeTab(tab: string) {
    await eventually(`the ${tab} tab is shown`, async () => (await this.panel().getAttribute('data-tab')) === tab);
  }
  async tab(tab: 'props' | 'base' | 'validate' | 'options') {
    await this.page.getByTestId(`panel-tab-${tab}`).click();
    await this.seeTab(tab);
  }
  /** Types into a panel input and leaves it (the panel commits on blur). */
  async fill(testId: string, value: string) {
    const input = this.panel().getByTestId(testId);
    await input.fill(value);
    await input.press('Tab');
  }
  async setTitle(title: string) {
    await this.tab('base');
    await this.fill('prop-title', title);
  }
  async setRequired() {
    await this.tab('validate');
    await this.panel().getByTestId('prop-required').locator('label, [data-part="control"]').first().click();
    await eventually('required is on', async () => (await this.panel().getByTestId('prop-required').getAttribute('data-state')) === 'checked');
  }
  async setOptions(lines: string[]) {
    await this.tab('props');
    await this.fill('prop-options', lines.join('\n'));
  }

  async save() {
    await this.page.getByTestId('design-save').click();
    await visible(this.page.getByTestId('design-saved'));
  }
}

/** A published form on the public site (/form/<code>/), as a visitor uses it. */
export class PublicForm {
  constructor(
    private readonly page: Page,
    private readonly base: string,
  ) {}

  form() {
    return this.page.locator('form[data-form]');
  }
  private item(title: string) {
    return this.form().locator('.bf-item', { hasText: title });
  }

  async open(code: string) {
    await this.page.goto(`${this.base}/form/${code}/`);
    await visible(this.form());
  }
  async fill(title: string, value: string) {
    await this.page.getByLabel(title).fill(value);
  }
  async choose(group: string, option: string) {
    await this.item(group).getByLabel(option).check();
  }
  async submit() {
    await this.form().locator('button[type="submit"]').click();
  }
  /** The form came back refused, with a message that names the field. */
  async seeError(title: string) {
    await eventually(`the form names ${title} in an error`, async () => ((await this.item(title).locator('.field-error').textContent()) ?? '').includes(title));
  }
  async seeSent() {
    await visible(this.page.locator('.bf-done'));
  }
}
