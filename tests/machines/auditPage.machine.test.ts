import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { auditPageMachine, type AuditPageEvent } from '../../machines/auditPage.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { ID, MINE, APPROVED_ALREADY, NOT_MINE, EVENTS } from './examples/auditPage.examples';

type Snapshot = SnapshotFrom<typeof auditPageMachine>;
type Type = AuditPageEvent['type'];

const coverage = trackTransitions(auditPageMachine);
const ACTIONS = ['fetchDetail', 'sendDecision', 'notify', 'leave'] as const;
const start = () => startRecorded(auditPageMachine, ACTIONS, coverage, { id: ID });

const STATES: Record<string, { tags: string[]; accepts: Type[] }> = {
  loading: { tags: ['busy'], accepts: ['detail.loaded', 'detail.failed'] },
  failed: { tags: ['failed'], accepts: ['reload'] },
  ready: { tags: ['ready'], accepts: ['reload', 'comment.change'] },
  approving: { tags: ['busy', 'deciding'], accepts: ['decision.done', 'decision.failed'] },
  rejecting: { tags: ['busy', 'deciding'], accepts: ['decision.done', 'decision.failed'] },
  done: { tags: ['done'], accepts: ['reload'] },
};
const TAGS = ['busy', 'failed', 'ready', 'deciding', 'done'];
const PROBES: AuditPageEvent[] = [
  { type: 'detail.loaded', detail: MINE },
  { type: 'detail.failed', message: '' },
  { type: 'reload' },
  { type: 'comment.change', value: 'x' },
  { type: 'decision.done', message: '' },
  { type: 'decision.failed', message: '' },
];

function expectViews(s: Snapshot) {
  const state = STATES[s.value as string]!;
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(state.tags.includes(tag));
  for (const probe of PROBES) expect(s.can(probe), `can ${probe.type}`).toBe(state.accepts.includes(probe.type));
  const ready = s.value === 'ready';
  const c = s.context;
  // The buttons follow what the server says the caller may do; a rejection also needs a comment and a valid step.
  expect(s.can({ type: 'approve' })).toBe(ready && Boolean(c.detail?.can_approve));
  const mayReject = ready && Boolean(c.detail?.can_reject);
  expect(s.can({ type: 'reject' })).toBe(mayReject);
  for (const step of [0, 1, 2, 3]) expect(s.can({ type: 'toStep.change', step }), `step ${step}`).toBe(ready && step >= 1 && step <= Math.max(c.detail!.step, 1));
  expect(c.toStep).toBeGreaterThanOrEqual(1);
  if (c.detail) expect(c.toStep).toBeLessThanOrEqual(Math.max(c.detail.step, 1));
}

function pageOracle({ before, after, event, effects }: StepCheck<Snapshot, AuditPageEvent>) {
  expectViews(after);
  const b = before.context;
  const a = after.context;
  const fetch = { type: 'fetchDetail', params: { id: ID } };
  if ((event.type as string) === 'xstate.init') return expect(effects).toEqual([fetch]);
  switch (event.type) {
    case 'detail.loaded':
      expect([a.detail, a.error]).toEqual([event.detail, null]);
      // What was typed survives a reload; a step no longer reachable falls back to the first.
      expect(a.comment).toBe(b.comment);
      expect(a.toStep).toBe(b.toStep <= event.detail.step ? b.toStep : 1);
      return expect(effects).toEqual([]);
    case 'detail.failed':
      expect(after.value).toBe('failed');
      expect(a.error).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'reload':
      expect(after.value).toBe('loading');
      return expect(effects).toEqual([fetch]);
    case 'comment.change':
      expect([a.comment, a.commentMissing]).toEqual([event.value, false]);
      return expect(effects).toEqual([]);
    case 'toStep.change':
      expect(a.toStep).toBe(event.step);
      return expect(effects).toEqual([]);
    case 'approve':
      expect(after.value).toBe('approving');
      return expect(effects).toEqual([{ type: 'sendDecision', params: { id: ID, action: 'approve', comment: b.comment.trim() } }]);
    case 'reject':
      if (b.comment.trim() === '') {
        // Nothing is sent: the comment field says it is required.
        expect(after.value).toBe('ready');
        expect(a.commentMissing).toBe(true);
        return expect(effects).toEqual([]);
      }
      expect(after.value).toBe('rejecting');
      return expect(effects).toEqual([{ type: 'sendDecision', params: { id: ID, action: 'reject', comment: b.comment.trim(), to_step: b.toStep } }]);
    case 'decision.done':
      expect(after.value).toBe('done');
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: event.message } }, { type: 'leave', params: null }]);
    case 'decision.failed':
      // The item is loaded again (someone may have acted first); the comment and step stay.
      expect(after.value).toBe('loading');
      expect([a.comment, a.toStep]).toEqual([b.comment, b.toStep]);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }, fetch]);
  }
}

describe('audit page chart, every path of the model', () => {
  const model = createTestModel(auditPageMachine, { serializeState: serializeTransition, limit: 50_000, input: { id: ID } });
  for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => EVENTS.filter((e) => s.can(e))) })) {
    it(describePath(path), () => walkPath(path, start, pageOracle));
  }
});

describe('audit page chart, what a reviewer does', () => {
  it('approves with a comment and returns to the list', () => {
    const { actor, take } = start();
    expect(take()).toEqual([{ type: 'fetchDetail', params: { id: ID } }]);
    actor.send({ type: 'detail.loaded', detail: MINE });
    actor.send({ type: 'comment.change', value: '同意' });
    actor.send({ type: 'approve' });
    expect(take()).toEqual([{ type: 'sendDecision', params: { id: ID, action: 'approve', comment: '同意' } }]);
    actor.send({ type: 'decision.done', message: 'Approved' });
    expect(take()).toEqual([{ type: 'notify', params: { kind: 'success', message: 'Approved' } }, { type: 'leave', params: null }]);
  });

  it('cannot reject without a comment, then sends the content back to the chosen step', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.loaded', detail: MINE });
    take();
    actor.send({ type: 'toStep.change', step: 2 });
    actor.send({ type: 'reject' });
    expect(actor.getSnapshot().context.commentMissing).toBe(true);
    expect(take()).toEqual([]);
    actor.send({ type: 'comment.change', value: '数据有误' });
    actor.send({ type: 'reject' });
    expect(take()).toEqual([{ type: 'sendDecision', params: { id: ID, action: 'reject', comment: '数据有误', to_step: 2 } }]);
  });

  it('cannot send content back past the current step', () => {
    const { actor } = start();
    actor.send({ type: 'detail.loaded', detail: APPROVED_ALREADY });
    expect(actor.getSnapshot().can({ type: 'toStep.change', step: 2 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'approve' })).toBe(false);
  });

  it('a refused decision reloads the item and keeps the comment', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.loaded', detail: MINE });
    actor.send({ type: 'comment.change', value: '同意' });
    actor.send({ type: 'approve' });
    take();
    actor.send({ type: 'decision.failed', message: 'already approved' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'error', message: 'already approved' } },
      { type: 'fetchDetail', params: { id: ID } },
    ]);
    actor.send({ type: 'detail.loaded', detail: NOT_MINE });
    expect(actor.getSnapshot().context.comment).toBe('同意');
    expect(actor.getSnapshot().can({ type: 'approve' })).toBe(false);
  });
});

describe('audit page chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
