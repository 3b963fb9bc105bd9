import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { inquiryDeskMachine, type InquiryDeskEvent } from '../../machines/inquiryDesk.machine';
import type { Inquiry } from '../../models/inquiry';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof inquiryDeskMachine>;

const coverage = trackTransitions(inquiryDeskMachine);
const start = () => startRecorded(inquiryDeskMachine, ['loadInquiry', 'setStatus', 'notify', 'listChanged'], coverage);

const inquiry = (status: number): Inquiry => ({
  id: 7,
  site_id: 1,
  cate_id: null,
  name: 'Li',
  phone: '',
  email: 'li@example.com',
  company: '',
  content: 'hello',
  page: '/contact/',
  ip: '1.2.3.4',
  region: '',
  user_agent: '',
  status,
  created_at: '2026-01-01T00:00:00.000Z',
});

const EVENTS: InquiryDeskEvent[] = [
  { type: 'detail.open', id: 7 },
  { type: 'detail.loaded', inquiry: inquiry(0) },
  { type: 'detail.loaded', inquiry: inquiry(2) },
  { type: 'detail.failed', message: 'gone' },
  { type: 'detail.close' },
  { type: 'status.set', ids: [7, 8], status: 2 },
  { type: 'status.set', ids: [], status: 2 },
  { type: 'status.set', ids: [7], status: 1 },
  { type: 'status.done', message: 'saved' },
  { type: 'status.failed', message: 'refused' },
];

function oracle({ before, after, event, effects }: StepCheck<Snapshot, InquiryDeskEvent>) {
  // The dialog shows an inquiry only once it is loaded, and a failure only when loading failed.
  if (after.hasTag('shown')) expect(after.context.inquiry).not.toBeNull();
  expect(after.context.error !== null).toBe(after.hasTag('failed'));
  // One mark at a time: none can start while one is saved.
  if (after.hasTag('busy') && !after.hasTag('loading')) expect(after.can({ type: 'status.set', ids: [7], status: 1 })).toBe(false);
  if (event.type === ('xstate.init' as string) || !before.can(event)) {
    expect(after.value).toEqual(before.value);
    return expect(effects).toEqual([]);
  }
  switch (event.type) {
    case 'detail.open':
      expect(after.hasTag('loading')).toBe(true);
      return expect(effects).toEqual([{ type: 'loadInquiry', params: { id: 7 } }]);
    case 'detail.loaded':
      expect(after.context.inquiry?.id).toBe(7);
      // An unread inquiry is marked read as it is opened, without a toast.
      if (event.inquiry.status === 0) return expect(effects).toEqual([{ type: 'setStatus', params: { ids: [7], status: 1 } }]);
      expect(after.hasTag('busy')).toBe(false);
      return expect(effects).toEqual([]);
    case 'detail.failed':
      expect(after.context.error).toBe('gone');
      return expect(effects).toEqual([]);
    case 'detail.close':
      expect(after.hasTag('open')).toBe(false);
      return expect(effects).toEqual([]);
    case 'status.set':
      expect(after.hasTag('busy')).toBe(true);
      return expect(effects).toEqual([{ type: 'setStatus', params: { ids: before.hasTag('open') ? [7] : event.ids, status: event.status } }]);
    case 'status.done': {
      const quiet = before.context.pending!.quiet;
      expect(effects).toEqual([...(quiet ? [] : [{ type: 'notify', params: { kind: 'success', message: 'saved' } }]), { type: 'listChanged', params: null }]);
      if (before.hasTag('open')) expect(after.context.inquiry!.status).toBe(before.context.pending!.status);
      return expect(after.context.pending).toBeNull();
    }
    case 'status.failed':
      expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'refused' } }]);
      if (before.hasTag('open')) expect(after.context.inquiry).toEqual(before.context.inquiry);
      return expect(after.context.pending).toBeNull();
  }
}

describe('inquiry desk chart, every path of the model', () => {
  const model = createTestModel(inquiryDeskMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 5000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, oracle));
  }
});

describe('inquiry desk, what an admin sees', () => {
  it('opening an unread inquiry marks it read quietly; marking it handled says so and reloads the list', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(0) });
    expect(take()).toEqual([
      { type: 'loadInquiry', params: { id: 7 } },
      { type: 'setStatus', params: { ids: [7], status: 1 } },
    ]);
    actor.send({ type: 'status.done', message: 'saved' });
    expect(actor.getSnapshot().context.inquiry!.status).toBe(1);
    expect(take()).toEqual([{ type: 'listChanged', params: null }]);
    actor.send({ type: 'status.set', ids: [7], status: 2 });
    actor.send({ type: 'status.done', message: 'saved' });
    expect(actor.getSnapshot().context.inquiry!.status).toBe(2);
    expect(take()).toEqual([
      { type: 'setStatus', params: { ids: [7], status: 2 } },
      { type: 'notify', params: { kind: 'success', message: 'saved' } },
      { type: 'listChanged', params: null },
    ]);
  });

  it('marking the status it already has does nothing', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(2) });
    take();
    actor.send({ type: 'status.set', ids: [7], status: 2 });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});

describe('inquiry desk chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
