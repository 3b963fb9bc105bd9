import type { Page } from 'playwright-core';
import { containsText, visible } from './see';

/** The content import dialog of a column's content list, as an editor uses it. */
export class ContentImportDialog {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByTestId('content-import').click();
    await this.page.getByTestId('import-file').waitFor({ state: 'attached' });
  }

  async choose(name: string, text: string) {
    await this.page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await visible(this.page.getByTestId('import-preview'));
  }

  /** The problems column of a file row (the header is row 1). */
  async seeProblem(row: number, text: string) {
    await containsText(this.page.getByTestId(`import-row-${row}`), text);
  }
}
