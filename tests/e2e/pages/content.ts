import type { Locator, Page } from 'playwright-core';
import type { ShellPage } from './admin';
import { containsText, countIs, eventually, settled, visible } from './see';

// The content list and the content editor as an editor uses them.

export class ContentListScreen {
  constructor(
    private readonly page: Page,
    private readonly shell: ShellPage,
  ) {}

  async open(path = '/Content/index') {
    await this.shell.go(path);
    await this.page.getByTestId('page-content').waitFor();
  }

  private view() {
    return this.shell.view();
  }

  row(title: string): Locator {
    return this.view().getByTestId('table-content').locator('tbody tr', { hasText: title });
  }

  editAction(title: string) {
    return this.row(title).getByRole('button', { name: /^(编辑|Edit)$/ });
  }

  deleteAction(title: string) {
    return this.row(title).getByRole('button', { name: /^(删除|Delete)$/ });
  }

  async seeRow(title: string) {
    await visible(this.row(title));
  }

  async seeAddButton() {
    await visible(this.view().getByTestId('content-add'));
  }

  async dontSeeAddButton() {
    await countIs(this.view().getByTestId('content-add'), 0);
  }

  async seeEditAndDelete(title: string) {
    await visible(this.editAction(title));
    await visible(this.deleteAction(title));
  }

  async dontSeeEdit(title: string) {
    await countIs(this.editAction(title), 0);
  }

  /**
   * Whether the button shows across the window as the list opens, nothing scrolled sideways first (the page
   * or the table): a thumb reaches it by scrolling down only.
   */
  async withinReach(button: Locator): Promise<boolean> {
    await settled(button);
    const box = await button.boundingBox();
    const width = await this.page.evaluate(() => window.innerWidth);
    return Boolean(box && box.width > 0 && box.x >= 0 && box.x + box.width <= width);
  }

  /** The page itself scrolls sideways (something is wider than the window). */
  async pageScrollsSideways(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }
}

export class ContentEditorScreen {
  constructor(private readonly page: Page) {}

  private root() {
    return this.page.getByTestId('content-editor');
  }

  async waitLoaded() {
    await visible(this.root().getByTestId('content-title'));
  }

  async fillTitle(title: string) {
    await this.root().getByTestId('content-title').fill(title);
  }

  publishButton() {
    return this.root().getByTestId('content-publish');
  }

  async seePublishButtonSays(text: string) {
    await containsText(this.publishButton(), text);
  }

  async publish() {
    await this.publishButton().click();
  }

  async save() {
    await this.root().getByTestId('content-save').click();
  }

  async chooseStatus(label: string) {
    await this.root().getByTestId('content-status').selectOption({ label });
  }

  /** The publishing status shown beside the column's name. */
  async seeStoredStatus(text: string) {
    await containsText(this.root().getByTestId('content-stored-status'), text);
  }

  async seeAuditState(state: 'reviewing' | 'rejected') {
    await eventually(`the audit badge says ${state}`, async () => (await this.root().getByTestId('check-status').getAttribute('data-state')) === state);
  }

  async seeErrorToast(text: string) {
    await containsText(this.page.getByTestId('toast-error'), text);
  }
}
