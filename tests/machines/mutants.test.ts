import { describe, expect, it } from 'vitest';
import { assign, type AnyStateMachine } from 'xstate';
import { auditMachine } from '../../machines/audit.machine';
import { pluginMachine } from '../../machines/plugin.machine';
import { pluginModelTests } from './plugin.model';
import { imageUploadMachine } from '../../machines/imageUpload.machine';
import { inquiryDeskMachine } from '../../machines/inquiryDesk.machine';
import { jobMachine } from '../../machines/job.machine';
import { keywordImportMachine } from '../../machines/keywordImport.machine';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine';
import { posterEditorMachine } from '../../machines/posterEditor.machine';
import { rankTrendMachine } from '../../machines/rankTrend.machine';
import { resourceFormMachine } from '../../machines/resourceForm.machine';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { seoReportMachine } from '../../machines/seoReport.machine';
import { sessionMachine } from '../../machines/session.machine';
import { tabsMachine } from '../../machines/tabs.machine';
import { uploadMachine } from '../../machines/upload.machine';
import { auditModelTests } from './audit.model';
import { trackTransitions } from './coverage';
import { imageUploadModelTests } from './imageUpload.model';
import { inquiryDeskModelTests } from './inquiryDesk.model';
import { jobModelTests } from './job.model';
import { keywordImportModelTests } from './keywordImport.model';
import { leaveGuardModelTests } from './leaveGuard.model';
import { firstFailure, mutate, type ModelSuite } from './mutation';
import { posterEditorSuite } from './posterEditor.model';
import { rankTrendModelTests } from './rankTrend.model';
import { resourceFormModelTests } from './resourceForm.model';
import { routeGuardModelTests } from './routeGuard.model';
import { seoReportModelTests } from './seoReport.model';
import { sessionModelTests } from './session.model';
import { tabsModelTests } from './tabs.model';
import { uploadModelTests } from './upload.model';

// The mutation check: deliberate bugs put into the charts (an assign or action dropped, a transition
// retargeted, a guard removed), each of which must make at least one of the chart's model-based tests
// fail. The tests are the very ones the chart's own test file runs (its `*.model.ts` suite).

interface Mutant {
  chart: string;
  bug: string;
  machine: AnyStateMachine;
  suite: ModelSuite<any>;
}

/** Mutants of one chart, each tested with that chart's suite. */
const mutantsOf =
  <M extends AnyStateMachine>(chart: string, machine: M, suite: ModelSuite<M>) =>
  (bug: string, edit: (config: any) => void, provide?: Parameters<M['provide']>[0]): Mutant => ({ chart, bug, machine: mutate(machine, edit, provide), suite });

const session = mutantsOf('session', sessionMachine, sessionModelTests);
const upload = mutantsOf('upload', uploadMachine, uploadModelTests);
const form = mutantsOf('resource form', resourceFormMachine, resourceFormModelTests);
const imageDialog = mutantsOf('image dialog', imageUploadMachine, imageUploadModelTests);
const guard = mutantsOf('route guard', routeGuardMachine, routeGuardModelTests);
const job = mutantsOf('job', jobMachine, jobModelTests);
const seoReport = mutantsOf('diagnosis report', seoReportMachine, seoReportModelTests);
const inquiry = mutantsOf('inquiry desk', inquiryDeskMachine, inquiryDeskModelTests);
const leave = mutantsOf('leave guard', leaveGuardMachine, leaveGuardModelTests);
const keywordImport = mutantsOf('keyword import', keywordImportMachine, keywordImportModelTests);
// The poster editor's full suite (thousands of paths) is its own test's; its mutants die under the same
// oracle on a smaller model: one element added at most, each vertex reached once.
const poster = mutantsOf('poster editor', posterEditorMachine, posterEditorSuite({ allowDuplicatePaths: false, adds: 1 }));
const audit = mutantsOf('audit', auditMachine, auditModelTests);
const tabs = mutantsOf('tabs', tabsMachine, tabsModelTests);
const rankTrend = mutantsOf('rank trend', rankTrendMachine, rankTrendModelTests);
const plugin = mutantsOf('plugin lifecycle', pluginMachine, pluginModelTests);

const MUTANTS: Mutant[] = [
  session('keeps the password after a failed login', (c) => {
    c.states.signingIn.on['login.failed'].actions = assign({ error: ({ event }: any) => event.message });
  }),
  session('keeps the error and password when the code step is cancelled', (c) => {
    c.states.awaitingCode.on['login.cancel'].actions = [];
  }),
  session('forgets the token but keeps the name on signing out', () => {}, {
    actions: { forgetSession: assign({ token: null, passTips: false, password: '' }) },
  }),
  session('keeps showing the initial-password tip after the password changed', (c) => {
    c.states.authenticated.states.active.on['password.changed'].actions = assign({ passTips: ({ context }: any) => context.passTips });
  }),
  session('does not clear the token when relogging after expiry', (c) => {
    c.states.authenticated.states.expired.on['expired.relogin'].actions = ['forgetSession', 'resetRoutes', 'reload'];
  }),

  upload('does not retry a failed upload', (c) => {
    c.states.failed.on['upload.retry'] = [{ target: 'failed', actions: assign({ error: null }) }];
  }),
  upload('sends every chunk again on retry instead of asking the server what it holds', (c) => {
    c.states.failed.on['upload.retry'].splice(1, 1);
  }),
  upload('does not forget the resume record when the server no longer knows the upload', (c) => {
    c.states.active.states.resuming.on['status.failed'].actions.pop();
  }),
  upload('does not advance the progress after a chunk', (c) => {
    c.states.active.states.chunking.on['chunk.sent'][2].actions.pop();
  }),

  form('opens a new record with the previous record’s initial values', (c) => {
    c.states.closed.on['form.openCreate'].actions = assign({ mode: 'create', id: null, values: ({ event }: any) => event.values, errors: {}, error: null });
  }),
  form('keeps the previous record’s values while loading another', (c) => {
    c.states.closed.on['form.openEdit'].actions[0] = assign({ mode: 'edit', id: ({ event }: any) => event.id, errors: {}, error: null });
  }),
  form('does not tell the list to reload after a save', (c) => {
    c.states.submitting.on['submit.done'].actions.pop();
  }),
  form('closes a changed form without asking', (c) => {
    c.states.editing.on['form.close'] = 'closed';
  }),

  imageDialog('does not upload a failed image again on retry', (c) => {
    c.states.open.on['item.retry'].actions.pop();
  }),
  imageDialog('removes an image still uploading', (c) => {
    delete c.states.open.on['item.remove'].guard;
  }),
  imageDialog('keeps the last opening’s images when opened again', (c) => {
    c.states.closed.on['dialog.open'] = 'open';
  }),

  guard('keeps the loaded routes after a reset', (c) => {
    c.on['routes.reset'].actions = assign({ authority: [], allowed: '' });
  }),
  guard('does not remember the last allowed page', () => {}, {
    actions: { allow: assign(({ context }: any) => ({ resolved: context.target })) },
  }),
  guard('keeps showing the previous user’s last page after a reset', (c) => {
    c.on['routes.reset'].actions = assign({ authority: [], loaded: false });
  }),
  guard('lets a signed-in user open a page outside the authority list', () => {}, {
    guards: { permitted: () => true },
  }),

  job('stops following a job whose cancel was refused', (c) => {
    c.states.following.states.cancelling.on['job.cancelFailed'] = { target: '#job.failed' };
  }),
  job('keeps following a job after it ended', (c) => {
    delete c.states.following.exit;
  }),
  job('reports a failed job as done', () => {}, {
    guards: { jobFailed: () => false, jobDone: ({ event }: any) => event.status === 'done' || event.status === 'failed' },
  }),

  seoReport('takes progress with more pages checked than there are', (c) => {
    delete c.states.following.states.running.on['report.progress'].guard;
  }),
  seoReport('completes a report with a score above 100', () => {}, {
    guards: { validScore: () => true },
  }),
  seoReport('does not count the scored pages as checked on completion', (c) => {
    c.states.following.on['report.complete'].actions = assign(({ event }: any) => ({ score: event.score, pages: event.pages }));
  }),
  seoReport('does not say who cancelled the report', (c) => {
    c.states.following.on['report.cancel'].actions = [];
  }),

  inquiry('marks an empty selection of rows', (c) => {
    delete c.states.closed.on['status.set'].guard;
  }),
  inquiry('saves a handling draft that changed nothing', (c) => {
    delete c.states.open.states.viewing.on['handling.save'].guard;
  }),
  inquiry('sends a reply to an inquiry without an address', () => {}, {
    guards: { replyReady: ({ context }: any) => context.reply.body.trim() !== '' },
  }),
  inquiry('keeps the last inquiry after the dialog is closed', (c) => {
    c.states.open.on['detail.close'].actions = assign({ id: null });
  }),
  inquiry('forgets the failed reply instead of showing it in the thread', (c) => {
    c.states.open.states.replying.on['reply.failed'].actions.pop();
  }),

  leave('still asks after the user chose to keep editing', (c) => {
    c.states.confirming.on['leave.cancel'].actions = [];
  }),
  leave('keeps the discarded forms as unsaved after leaving', (c) => {
    c.states.confirming.on['leave.confirm'].actions.shift();
  }),
  leave('puts the form’s address back on an in-app navigation while asking', (c) => {
    delete c.states.confirming.on['leave.request'].guard;
  }),
  leave('does not put the form’s address back after the browser’s back', (c) => {
    c.states.idle.on['leave.request'][0].actions.pop();
  }),

  keywordImport('uploads with no file chosen', (c) => {
    delete c.states.choosing.on['import.submit'].guard;
  }),
  keywordImport('reloads the list when no keyword was added', () => {}, {
    guards: { addedKeywords: () => true },
  }),
  keywordImport('keeps the last report when another file is chosen', (c) => {
    c.states.reported.on['import.again'] = 'choosing';
  }),
  keywordImport('drops the upload error', (c) => {
    c.states.uploading.on['import.failed'].actions = [];
  }),

  poster('keeps a removed element selected', (c) => {
    c.states.editing.on['element.remove'].actions.pop();
  }),
  poster('saves a layout the server would refuse', () => {}, {
    guards: { savable: ({ context }: any) => context.dirty },
  }),
  poster('closes with unsaved changes without asking', (c) => {
    c.states.editing.on['editor.close'] = 'closed';
  }),
  poster('still counts the layout as unsaved after saving it for a render', (c) => {
    c.states.saving.on['save.done'][0].actions = assign({ renderAfterSave: false });
  }),

  audit('keeps the step a rejection chose after the content was edited and withdrawn', (c) => {
    c.states.reviewing.on['audit.withdraw'].actions = [];
  }),
  audit('takes a rejection without a comment', () => {}, {
    guards: {
      mayReject: ({ context, event }: any) =>
        context.steps[context.step]?.reviewers.includes(event.by) && Number.isInteger(event.to_step) && event.to_step >= 1 && event.to_step <= context.step + 1,
    },
  }),
  audit('passes a countersign step on the first approval', () => {}, {
    guards: { approvalFinishesStep: ({ context, event }: any) => context.steps[context.step]?.reviewers.includes(event.by) && !context.approvals.includes(event.by) },
  }),
  audit('keeps the rejected step when a rejected item is published without review', (c) => {
    c.states.rejected.on['audit.submit'][0].actions = ['takeSubmission'];
  }),
  plugin('keeps the failure reason while a failed plugin is cleaned up', (c) => {
    c.states.failed.on['plugin.uninstall'].actions = [];
  }),
  plugin('accepts an upgrade to the same or an older version', () => {}, {
    guards: { newerVersion: ({ event }: any) => /^\d+\.\d+\.\d+$/.test(event.version) },
  }),
  plugin('drops the plugin when it is only disabled', (c) => {
    c.states.enabled.on['plugin.disable'].target = '#plugin.notInstalled';
  }),

  tabs('closes the pinned dashboard', (c) => {
    c.states.ready.on['tab.close'].shift();
  }),
  tabs('does not go to the tab kept by “close others”', (c) => {
    c.states.ready.on['tab.closeOthers'].actions.pop();
  }),
  tabs('keeps the refresh counters after signing out', (c) => {
    c.states.ready.on['tabs.reset'].actions = assign(({ context }: any) => ({ views: context.views.filter((v: any) => v.pinned), active: '/', menuFor: null }));
  }),
  tabs('opens a context menu for a tab that is not there', (c) => {
    delete c.states.ready.states.menuClosed.on['menu.open'].guard;
  }),

  rankTrend('takes the answer for a keyword the admin has left', (c) => {
    delete c.states.loading.on['history.loaded'].guard;
  }),
  rankTrend('does not load the keyword opened while another is loading', (c) => {
    delete c.states.loading.on['trend.open'].reenter;
  }),
  rankTrend('shows the previous keyword when another is opened from the chart', (c) => {
    c.states.shown.on['trend.open'].actions = [];
  }),
  rankTrend('keeps the last error while reloading', (c) => {
    c.states.failed.on['trend.reload'] = 'loading';
  }),
];

describe('deliberate mutants of the charts die under their model-based tests', () => {
  it('there are mutants of several charts', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(13);
    expect(new Set(MUTANTS.map((m) => m.chart)).size).toBeGreaterThanOrEqual(4);
  });

  for (const mutant of MUTANTS) {
    it(`${mutant.chart} chart that ${mutant.bug} is killed`, async () => {
      const tests = mutant.suite(mutant.machine, trackTransitions(mutant.machine));
      expect(tests.length).toBeGreaterThan(0);
      const failure = await firstFailure(tests);
      expect(failure, `the mutant survived all ${tests.length} model-based tests`).not.toBeNull();
      // BANYAN_MUTANTS_VERBOSE=1 says which test killed each mutant, and how.
      if (process.env.BANYAN_MUTANTS_VERBOSE) console.info(`${mutant.bug}\n  killed by: ${failure!.name}\n  ${String(failure!.error).split('\n')[0]}`);
    });
  }
});
