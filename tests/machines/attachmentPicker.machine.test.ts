import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { fitsKind, pickerMachine, type PickedAttachment, type PickerEvent } from '../../machines/attachmentPicker.machine';
import { DESIGNER_ATTACHMENT_LIMIT } from '../../models/constants';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { A, B, C, EVENTS } from './examples/attachmentPicker.examples';

type Snapshot = SnapshotFrom<typeof pickerMachine>;

const coverage = trackTransitions(pickerMachine);
const start = () => startRecorded(pickerMachine, ['warnLimit', 'warnKind', 'deliver'], coverage);

/** What choosing `item` does to the selection before it: added, refused for its kind, or refused for room. */
function outcome(b: Snapshot['context'], item: PickedAttachment): 'added' | 'kind' | 'full' | 'already' {
  if (b.selected.some((s) => s.id === item.id)) return 'already';
  if (!fitsKind(b.kind, item)) return 'kind';
  return b.selected.length < b.max ? 'added' : 'full';
}

function pickerOracle({ before, after, event, effects }: StepCheck<Snapshot, PickerEvent>) {
  const a = after.context;
  const b = before.context;
  expect(after.hasTag('open')).toBe(after.matches('open'));
  expect(after.hasTag('library')).toBe(after.matches({ open: 'library' }));
  expect(after.hasTag('network')).toBe(after.matches({ open: 'network' }));
  expect(a.selected.length).toBeLessThanOrEqual(a.max);
  expect(new Set(a.selected.map((s) => s.id)).size).toBe(a.selected.length);
  expect(a.selected.every((s) => fitsKind(a.kind, s))).toBe(true);
  if (after.hasTag('open')) expect(after.can({ type: 'picker.confirm' })).toBe(a.selected.length > 0);
  if (event.type === ('xstate.init' as string) || !before.can(event)) {
    expect(a).toEqual(b);
    return expect(effects).toEqual([]);
  }
  const kindWarning = [{ type: 'warnKind', params: { kind: b.kind } }];
  switch (event.type) {
    case 'picker.open':
      expect(a).toEqual({ selected: [], max: event.max, kind: event.kind ?? null });
      expect(after.hasTag('library')).toBe(true);
      return expect(effects).toEqual([]);
    case 'item.toggle': {
      const result = outcome(b, event.item);
      expect(after.value).toEqual(before.value);
      if (result === 'already') expect(a.selected).toEqual(b.selected.filter((s) => s.id !== event.item.id));
      else if (result === 'added') expect(a.selected).toEqual([...b.selected, event.item]);
      else {
        // Refused: the earlier choices stay, and the user is told why.
        expect(a.selected).toEqual(b.selected);
        return expect(effects).toEqual(result === 'kind' ? kindWarning : [{ type: 'warnLimit', params: { max: b.max, kind: b.kind } }]);
      }
      return expect(effects).toEqual([]);
    }
    case 'item.uploaded':
    case 'network.added': {
      const result = outcome(b, event.item);
      if (event.type === 'network.added') expect(after.hasTag('library')).toBe(true);
      else expect(after.value).toEqual(before.value);
      // Never unchosen, never past the limit.
      expect(a.selected).toEqual(result === 'added' ? [...b.selected, event.item] : b.selected);
      return expect(effects).toEqual(result === 'kind' ? kindWarning : []);
    }
    case 'network.open':
      expect(after.hasTag('network')).toBe(true);
      expect(a).toEqual(b);
      return expect(effects).toEqual([]);
    case 'network.cancel':
      expect(after.hasTag('library')).toBe(true);
      expect(a).toEqual(b);
      return expect(effects).toEqual([]);
    case 'picker.confirm':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([{ type: 'deliver', params: { items: b.selected } }]);
    case 'picker.close':
      expect(after.matches('closed')).toBe(true);
      return expect(effects).toEqual([]);
  }
}

describe('attachment picker chart, every path of the model', () => {
  const model = createTestModel(pickerMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 20_000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, pickerOracle));
  }
});

describe('attachment picker, what a user can choose', () => {
  it('an image picker keeps the first image and warns when a second is chosen', () => {
    const { actor, take } = start();
    actor.send({ type: 'picker.open', max: 1, kind: 'image' });
    actor.send({ type: 'item.toggle', item: A });
    actor.send({ type: 'item.toggle', item: B });
    expect(take()).toEqual([{ type: 'warnLimit', params: { max: 1, kind: 'image' } }]);
    actor.send({ type: 'picker.confirm' });
    expect(take()).toEqual([{ type: 'deliver', params: { items: [A] } }]);
  });

  it('the designer picker takes up to ten attachments', () => {
    const { actor, take } = start();
    actor.send({ type: 'picker.open', max: DESIGNER_ATTACHMENT_LIMIT });
    for (let id = 1; id <= DESIGNER_ATTACHMENT_LIMIT + 1; id++) actor.send({ type: 'item.toggle', item: { ...C, id } });
    expect(actor.getSnapshot().context.selected).toHaveLength(DESIGNER_ATTACHMENT_LIMIT);
    expect(take()).toEqual([{ type: 'warnLimit', params: { max: DESIGNER_ATTACHMENT_LIMIT, kind: null } }]);
  });

  it('an image picker refuses a file that is not an image, even one uploaded from it', () => {
    const { actor, take } = start();
    actor.send({ type: 'picker.open', max: 1, kind: 'image' });
    actor.send({ type: 'item.uploaded', item: C });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(take()).toEqual([{ type: 'warnKind', params: { kind: 'image' } }]);
    actor.send({ type: 'network.open' });
    actor.send({ type: 'network.added', item: A });
    expect(actor.getSnapshot().hasTag('library')).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual([A]);
  });

  it('nothing chosen cannot be confirmed, and reopening starts with nothing chosen', () => {
    const { actor } = start();
    actor.send({ type: 'picker.open', max: 2 });
    expect(actor.getSnapshot().can({ type: 'picker.confirm' })).toBe(false);
    actor.send({ type: 'item.toggle', item: A });
    actor.send({ type: 'picker.close' });
    actor.send({ type: 'picker.open', max: 2 });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });
});

describe('attachment picker chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
