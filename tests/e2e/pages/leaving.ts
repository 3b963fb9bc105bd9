import type { Page } from 'playwright-core';
import { containsText, countIs, visible } from './see';

// Page objects for moving between pages: the visited-view tabs, the content editor and the column form
// as full pages, and the "discard unsaved changes?" question asked on the way out.

export class TabsBar {
  constructor(private readonly page: Page) {}

  /** Clicks a visited-view tab, by the page path it holds. */
  async switchTo(path: string) {
    await this.page.getByTestId(`tab-${path}`).click();
  }

  /** The close button on a tab. */
  async close(path: string) {
    await this.page.getByTestId(`tab-close-${path}`).click();
  }

  async seeTab(path: string) {
    await visible(this.page.getByTestId(`tab-${path}`));
  }

  async dontSeeTab(path: string) {
    await countIs(this.page.getByTestId(`tab-${path}`), 0);
  }
}

/** The content editor page (/addContent, /updateContent). */
export class ContentEditor {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.locator('[data-testid="main"] > div:not([hidden])').getByTestId('content-editor');
  }

  async waitLoaded() {
    await visible(this.root());
  }

  title() {
    return this.root().getByTestId('content-title');
  }

  async typeTitle(text: string) {
    await this.title().fill(text);
  }

  async save() {
    await this.root().getByTestId('content-save').click();
  }

  async seeNoLoadError() {
    await countIs(this.page.locator('[data-testid="main"] > div:not([hidden])').getByTestId('load-error'), 0);
  }
}

/** The prompt a page shows when a new item has no column yet. */
export class ColumnPrompt {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('content-choose-column');
  }

  async see(text: string) {
    await containsText(this.root(), text);
  }

  async choose(label: string) {
    await this.root().getByTestId('content-column-choice').selectOption({ label });
  }
}

/** The "discard unsaved changes?" question asked on the way out of a page. */
export class DiscardQuestion {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('confirm-leave');
  }

  async seeAsked() {
    await visible(this.root());
  }

  async dontSee() {
    await countIs(this.root(), 0);
  }

  async keepEditing() {
    await this.root().getByTestId('confirm-leave-cancel').click();
    await this.root().waitFor({ state: 'hidden' });
  }

  async discard() {
    await this.root().getByTestId('confirm-leave-confirm').click();
    await this.root().waitFor({ state: 'hidden' });
  }
}
