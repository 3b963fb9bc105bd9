import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { inquiryDeskMachine, InquiryDeskEvent } from '../../machines/inquiryDesk.machine';
import type { Inquiry } from '../../models/inquiry';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';

// The inquiry desk chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof inquiryDeskMachine>;

export const EFFECTS = ['loadInquiry', 'setStatus', 'notify', 'listChanged'] as const;

export const inquiry = (status: number): Inquiry => ({
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
      // A closed dialog keeps nothing of the inquiry it showed.
      expect([after.context.id, after.context.inquiry]).toEqual([null, null]);
      return expect(effects).toEqual([]);
    case 'status.set':
      expect(after.hasTag('busy')).toBe(true);
      // A mark needs rows selected, and on the open inquiry a status other than the one it has.
      if (before.hasTag('open')) expect(event.status, 'marks the status it already has').not.toBe(before.context.inquiry!.status);
      else expect(event.ids.length, 'marks an empty selection').toBeGreaterThan(0);
      expect(after.context.pending).toEqual({ ids: before.hasTag('open') ? [7] : event.ids, status: event.status, quiet: false });
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

/** Every shortest path of the model (duplicates allowed: each event from each state). */
export const inquiryDeskModelTests: ModelSuite<typeof inquiryDeskMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 5000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), oracle),
  }));
};
