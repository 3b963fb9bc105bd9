import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { handlingChanged, type inquiryDeskMachine, type InquiryDeskEvent } from '../../machines/inquiryDesk.machine';
import { describePath, serializeWith, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EVENTS, project } from './examples/inquiryDesk.examples';
export { inquiry, reply } from './examples/inquiryDesk.examples';

// The inquiry desk chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof inquiryDeskMachine>;

export const EFFECTS = ['loadInquiry', 'setStatus', 'saveHandling', 'sendReply', 'notify', 'listChanged'] as const;

function oracle({ before, after, event, effects }: StepCheck<Snapshot, InquiryDeskEvent>) {
  const c = after.context;
  // The dialog shows an inquiry only once it is loaded, and a failure only when loading failed.
  if (after.hasTag('shown')) expect(c.inquiry).not.toBeNull();
  expect(c.error !== null).toBe(after.hasTag('failed'));
  // One save at a time: nothing else starts while one is on its way.
  if (after.hasTag('busy') && !after.hasTag('loading')) {
    expect(after.can({ type: 'handling.save' })).toBe(false);
    expect(after.can({ type: 'reply.send' })).toBe(false);
  }
  if (event.type === ('xstate.init' as string) || !before.can(event)) {
    expect(after.value).toEqual(before.value);
    return expect(effects).toEqual([]);
  }
  switch (event.type) {
    case 'detail.open':
      expect(after.hasTag('loading')).toBe(true);
      return expect(effects).toEqual([{ type: 'loadInquiry', params: { id: 7 } }]);
    case 'detail.loaded':
      expect(c.inquiry?.id).toBe(7);
      // Opening an inquiry changes nothing of it: the draft starts as stored, the reply with the given subject.
      expect(handlingChanged(c)).toBe(false);
      expect(c.reply).toEqual({ subject: 'Re: hello', body: '' });
      expect(c.replies).toEqual(event.replies);
      return expect(effects).toEqual([]);
    case 'detail.failed':
      expect(c.error).toBe('gone');
      return expect(effects).toEqual([]);
    case 'detail.close':
      expect(after.hasTag('open')).toBe(false);
      // A closed dialog keeps nothing of the inquiry it showed.
      expect([c.id, c.inquiry, c.handling, c.replies, c.reply.body]).toEqual([null, null, null, [], '']);
      return expect(effects).toEqual([]);
    case 'status.set':
      expect(event.ids.length, 'marks an empty selection').toBeGreaterThan(0);
      expect(after.hasTag('busy')).toBe(true);
      return expect(effects).toEqual([{ type: 'setStatus', params: { ids: event.ids, status: event.status } }]);
    case 'status.done':
      expect(c.pending).toBeNull();
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: 'saved' } }, { type: 'listChanged', params: null }]);
    case 'status.failed':
      expect(c.pending).toBeNull();
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'refused' } }]);
    case 'handling.edit':
      expect(c.handling).toEqual({ ...before.context.handling, ...event.patch });
      return expect(effects).toEqual([]);
    case 'handling.save':
      expect(handlingChanged(before.context), 'saves an unchanged draft').toBe(true);
      return expect(effects).toEqual([{ type: 'saveHandling', params: { id: 7, ...before.context.handling } }]);
    case 'handling.saved':
      // What was saved is now what the dialog shows as stored.
      expect(handlingChanged(c)).toBe(false);
      expect(c.inquiry!.status).toBe(before.context.handling!.status);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: 'saved' } }, { type: 'listChanged', params: null }]);
    case 'handling.failed':
      // The draft stays for another try.
      expect([c.inquiry, c.handling]).toEqual([before.context.inquiry, before.context.handling]);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'refused' } }]);
    case 'reply.edit':
      expect(c.reply).toEqual({ ...before.context.reply, ...event.patch });
      return expect(effects).toEqual([]);
    case 'reply.send':
      expect(before.context.inquiry!.email, 'replies to an inquiry without an address').not.toBe('');
      expect(before.context.reply.subject.trim() && before.context.reply.body.trim(), 'sends an empty reply').toBeTruthy();
      expect(after.hasTag('sending')).toBe(true);
      return expect(effects).toEqual([{ type: 'sendReply', params: { id: 7, ...before.context.reply } }]);
    case 'reply.sent':
      expect(c.replies).toEqual([...before.context.replies, event.reply]);
      expect(c.reply).toEqual({ subject: before.context.reply.subject, body: '' });
      // A first answer moves a new inquiry along.
      if (before.context.inquiry!.status === 0) expect(c.inquiry!.status).toBe(1);
      else expect(c.inquiry!.status).toBe(before.context.inquiry!.status);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: 'sent' } }, { type: 'listChanged', params: null }]);
    case 'reply.failed':
      // The thread shows the failed attempt; the draft stays.
      expect(c.replies).toEqual(event.replies);
      expect(c.reply).toEqual(before.context.reply);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'cannot connect' } }]);
  }
}

/** Every shortest path of the model (duplicates allowed: each event from each state). */
export const inquiryDeskModelTests: ModelSuite<typeof inquiryDeskMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeWith(project), limit: 5000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), oracle, project),
  }));
};
