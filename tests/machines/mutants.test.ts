import { describe, expect, it } from 'vitest';
import { assign, type AnyStateMachine } from 'xstate';
import { imageUploadMachine } from '../../machines/imageUpload.machine';
import { jobMachine } from '../../machines/job.machine';
import { resourceFormMachine } from '../../machines/resourceForm.machine';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { sessionMachine } from '../../machines/session.machine';
import { uploadMachine } from '../../machines/upload.machine';
import { trackTransitions } from './coverage';
import { imageUploadModelTests } from './imageUpload.model';
import { jobModelTests } from './job.model';
import { firstFailure, mutate, type ModelSuite } from './mutation';
import { resourceFormModelTests } from './resourceForm.model';
import { routeGuardModelTests } from './routeGuard.model';
import { sessionModelTests } from './session.model';
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
