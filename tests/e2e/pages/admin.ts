import type { Page } from 'playwright-core';
import { containsText, countIs, eventually, visible } from './see';

// Page objects: what a user does and sees in the admin, in their words.

export class LoginPage {
  constructor(private readonly page: Page, private readonly base: string) {}

  async open(query = '') {
    await this.page.goto(`${this.base}/admin/login${query}`);
    await this.page.getByTestId('login-page').waitFor();
  }

  async logIn(account: string, password: string) {
    await this.page.getByTestId('login-account').fill(account);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  async seeError(text: string) {
    await containsText(this.page.getByTestId('login-error'), text);
  }
}

export class ShellPage {
  constructor(private readonly page: Page, private readonly base: string) {}

  async waitReady() {
    await this.page.getByTestId('shell').waitFor();
  }

  async go(path: string) {
    await this.page.goto(`${this.base}/admin${path}`);
  }

  path() {
    return new URL(this.page.url()).pathname.replace(/^\/admin/, '') + new URL(this.page.url()).search;
  }

  /** The view of the active tab (other tabs' views stay mounted, hidden). */
  view() {
    return this.page.locator('[data-testid="main"] > div:not([hidden])');
  }

  /**
   * Closes the personal center if the shell opened it (it does after sign-in for an admin still on an admin-set
   * password). The dialog loads on demand and shows a moment after the shell, so this reads whether it is due from
   * the shell (set before the shell first shows), then waits for it.
   */
  async closePersonalCenter() {
    const dialog = this.page.getByTestId('personal-dialog');
    if ((await this.page.getByTestId('shell').getAttribute('data-personal')) === 'open') {
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('button', { name: /取消|Cancel/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  }

  /**
   * Switches the interface language and waits until the switch took effect: the choice is stored (and the page's
   * `lang` set) only once the language's strings have loaded, so a navigation right after the click could still
   * load the page in the language before.
   */
  async switchLanguage(lang: 'zh' | 'en') {
    await this.page.getByTestId('language-switch').first().click();
    await this.page.getByTestId(`language-${lang}`).click();
    const wanted = lang === 'zh' ? 'zh-CN' : 'en';
    await eventually(`the interface is in ${lang}`, async () =>
      this.page.evaluate((l) => document.documentElement.lang === l.html && localStorage.getItem('language') === l.stored, { html: wanted, stored: lang }),
    );
  }

  async openTopMenu(key: string) {
    await this.page.getByTestId(`top-menu-${key}`).click();
  }

  async openMenu(key: string) {
    await this.page.getByTestId(`menu-${key}`).click();
  }

  async seeTab(path: string) {
    await visible(this.page.getByTestId(`tab-${path}`));
  }

  async seeMenu(key: string) {
    await visible(this.page.getByTestId(`menu-${key}`));
  }

  async dontSeeMenu(key: string) {
    await countIs(this.page.getByTestId(`menu-${key}`), 0);
  }

  async topMenuKeys() {
    await visible(this.page.getByTestId('top-menu').locator('button'));
    return this.page.getByTestId('top-menu').locator('button').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('top-menu-', '')));
  }

  async logOut() {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('logout').click();
    await this.page.getByTestId('login-page').waitFor();
  }
}

export class ResourceScreen {
  constructor(private readonly page: Page, private readonly name: string) {}

  async waitLoaded() {
    await this.page.getByTestId(`page-${this.name}`).waitFor();
    await visible(this.page.getByTestId(`table-${this.name}`).locator('tbody tr'));
  }

  async startCreating() {
    await this.page.getByTestId(`page-${this.name}`).getByTestId('create').click();
    await this.page.getByTestId(`form-${this.name}`).waitFor();
  }

  form() {
    return this.page.getByTestId(`form-${this.name}`);
  }

  async fill(field: string, value: string) {
    await this.form().getByTestId(`field-${field}`).fill(value);
  }

  async choose(field: string, label: string) {
    await this.form().getByTestId(`field-${field}`).selectOption({ label });
  }

  async tick(testId: string) {
    await this.form().getByTestId(testId).click();
  }

  async tickLabel(field: string, label: string) {
    await this.form().getByTestId(`field-${field}`).getByText(label, { exact: true }).click();
  }

  async save() {
    await this.form().getByTestId('form-submit').click();
    await this.form().waitFor({ state: 'hidden' });
  }

  async seeRow(text: string) {
    await containsText(this.page.getByTestId(`table-${this.name}`), text);
  }

  /** Submits a form the user expects to be refused. */
  async trySave() {
    await this.form().getByTestId('form-submit').click();
  }

  async seeFieldError(field: string, text: string) {
    await containsText(this.form().getByTestId(`field-${field}-error`), text);
  }
}
