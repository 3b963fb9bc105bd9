import type { Page } from 'playwright-core';
import type { TestApp } from '../../helpers/app';
import { createAdmin, createRole } from '../../helpers/fixtures';
import type { ShellPage } from './admin';
import { containsText, countIs, eventually, visible } from './see';

// The content audit as reviewers and editors use it: the check list, the audit page, the flow dialog and
// submitting content for review from the content list and edit page.

/** What a reviewer needs: content (with its edit page), the check list and the audit page. */
export const REVIEWER_PERMISSIONS = ['content', 'updateContent', 'contentCheck', 'auditingContent'];

/** An admin with a reviewer role on one site, who already chose their own password (no prompt on each load). */
export async function createReviewer(t: TestApp, superToken: string, roleId: number, who: { account: string; password: string; name: string; siteId: number }) {
  const admin = await createAdmin(t, superToken, { role_id: roleId, account: who.account, nickname: who.name, site_ids: [who.siteId] });
  const token = await t.login(admin.account, admin.password);
  const res = await t.client(token).post('/admin/selfUpdate', { name: who.name, phone: '', code_auth: 2, old_password: admin.password, password: who.password });
  if (res.code !== 0) throw new Error(`selfUpdate failed: ${res.msg}`);
  return admin.id;
}

export const reviewerRole = (t: TestApp, superToken: string) => createRole(t, superToken, REVIEWER_PERMISSIONS);

export class FlowDialog {
  constructor(private readonly page: Page) {}

  private dialog() {
    return this.page.getByTestId('flow-dialog');
  }

  async waitOpen() {
    // A column that inherits shows its switch; a flow of its own (or the site's) shows its steps.
    await visible(this.dialog().locator('[data-testid="flow-inherit"], [data-testid="flow-add-step"]'));
  }

  async stopInheriting() {
    const toggle = this.dialog().getByTestId('flow-inherit');
    if ((await toggle.locator('input').isChecked())) await toggle.click();
  }

  async addStep(mode: 'either' | 'countersign', reviewers: string[]) {
    const n = await this.dialog().locator('[data-testid^="flow-step-"]').count();
    await this.dialog().getByTestId('flow-add-step').click();
    const step = n + 1;
    await this.dialog().getByTestId(`flow-mode-${step}-${mode}`).click();
    for (const name of reviewers) {
      const select = this.dialog().getByTestId(`flow-add-reviewer-${step}`);
      const label = await eventually(`reviewer ${name} can be chosen`, async () => (await select.locator('option').allTextContents()).some((o) => o.startsWith(name))).then(
        async () => (await select.locator('option').allTextContents()).find((o) => o.startsWith(name))!,
      );
      await select.selectOption({ label });
    }
  }

  async save() {
    await this.dialog().getByTestId('flow-save').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}

export class CheckListScreen {
  constructor(
    private readonly page: Page,
    private readonly shell: ShellPage,
  ) {}

  async open(path = '/Content/checkList') {
    await this.shell.go(path);
    await this.page.getByTestId('page-checkList').waitFor();
  }

  private view() {
    return this.shell.view();
  }

  row(title: string) {
    return this.view().getByTestId('table-checkList').locator('tbody tr', { hasText: title });
  }

  async showAll() {
    await this.view().getByTestId('check-scope-all').click();
  }

  async showMine() {
    await this.view().getByTestId('check-scope-mine').click();
  }

  async seeWaiting(title: string, step: string) {
    await visible(this.row(title));
    await containsText(this.row(title), step);
  }

  async dontSee(title: string) {
    await countIs(this.row(title), 0);
  }

  async openItem(title: string) {
    await this.row(title).getByRole('button').click();
    await this.page.getByTestId('audit-page').waitFor();
  }

  async approveInBulk(titles: string[]) {
    for (const title of titles) {
      await this.row(title).locator('td').first().locator('label').click();
      await eventually(`"${title}" is selected`, () => this.row(title).locator('input[type="checkbox"]').isChecked());
    }
    await this.view().getByTestId('check-all').click();
    await this.page.getByTestId('confirm-check-all').getByRole('button', { name: /通过|Approve/ }).click();
  }
}

export class AuditScreen {
  constructor(private readonly page: Page) {}

  private root() {
    return this.page.getByTestId('audit-page');
  }

  async seeCurrentStep(step: number) {
    await visible(this.root().locator(`[data-testid="audit-step-${step}"][data-current]`));
  }

  async seeDecision(step: number, reviewerId: number, decision: 'pending' | 'approved' | 'rejected') {
    await visible(this.root().locator(`[data-testid="reviewer-${step}-${reviewerId}"][data-decision="${decision}"]`));
  }

  async approve(comment = '') {
    if (comment) await this.root().getByTestId('audit-comment').fill(comment);
    await this.root().getByTestId('audit-approve').click();
  }

  async reject(comment: string, toStep: number) {
    await this.root().getByTestId('audit-to-step').selectOption(String(toStep));
    await this.root().getByTestId('audit-comment').fill(comment);
    await this.root().getByTestId('audit-reject').click();
  }

  async tryRejectWithoutComment() {
    await this.root().getByTestId('audit-comment').fill('');
    await this.root().getByTestId('audit-reject').click();
  }

  async trailTypes() {
    return this.root().getByTestId('trail-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
  }
}
