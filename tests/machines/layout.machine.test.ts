import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { layoutMachine, type LayoutEvent } from '../../machines/layout.machine';
import { MOBILE_BREAKPOINT_PX } from '../../models/constants';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { EVENTS } from './examples/layout.examples';

type Snapshot = SnapshotFrom<typeof layoutMachine>;

const coverage = trackTransitions(layoutMachine);
const start = () => startRecorded(layoutMachine, ['persistSidebar'], coverage);

// A serialized event type alone would merge the four widths: key vertices by the whole event.
const serializeState = (s: Snapshot, event?: LayoutEvent, previous?: Snapshot) =>
  serializeTransition(s, event && { type: JSON.stringify(event) }, previous);

function layoutOracle({ before, after, event, effects }: StepCheck<Snapshot, LayoutEvent>) {
  const opened = after.hasTag('sidebarOpened');
  const wasOpened = before.hasTag('sidebarOpened');
  expect(after.can({ type: 'sidebar.toggle' })).toBe(true);
  expect(after.can({ type: 'personal.open' })).toBe(!after.hasTag('personalOpen'));
  expect(after.can({ type: 'personal.close' })).toBe(after.hasTag('personalOpen'));
  switch (event.type) {
    case 'sidebar.toggle':
      expect(opened).toBe(!wasOpened);
      expect(effects).toEqual([{ type: 'persistSidebar', params: { opened } }]);
      break;
    case 'sidebar.close':
      expect(opened).toBe(false);
      expect(effects).toEqual(wasOpened ? [{ type: 'persistSidebar', params: { opened: false } }] : []);
      break;
    case 'viewport.resized': {
      const mobile = event.width < MOBILE_BREAKPOINT_PX;
      expect(after.hasTag('mobile')).toBe(mobile);
      // Becoming mobile closes the sidebar; staying mobile or a wide screen leaves it as the user set it.
      expect(opened).toBe(mobile && !before.hasTag('mobile') ? false : wasOpened);
      // The automatic close is not the user's choice: it is not remembered.
      expect(effects).toEqual([]);
      break;
    }
    case 'personal.open':
    case 'personal.close':
      expect(after.hasTag('personalOpen')).toBe(event.type === 'personal.open');
      expect(opened).toBe(wasOpened);
      expect(effects).toEqual([]);
      break;
  }
  if (event.type !== 'viewport.resized') expect(after.hasTag('mobile')).toBe(before.hasTag('mobile'));
  if (!event.type.startsWith('personal.')) expect(after.hasTag('personalOpen')).toBe(before.hasTag('personalOpen'));
}

describe('layout chart, every path of the model', () => {
  const model = createTestModel(layoutMachine, { events: coverage.examples(EVENTS), serializeState, limit: 50_000 });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, start, layoutOracle));
  }
});

describe('layout chart, what a user sees', () => {
  it('starts on a desktop with the sidebar open and the personal dialog closed', () => {
    const s = start().actor.getSnapshot();
    expect([s.hasTag('sidebarOpened'), s.hasTag('mobile'), s.hasTag('personalOpen')]).toEqual([true, false, false]);
  });

  it('a window narrower than 992px (spec §2) is mobile and closes the sidebar; 992px is a desktop', () => {
    const { actor, take } = start();
    actor.send({ type: 'viewport.resized', width: 991 });
    expect(actor.getSnapshot().hasTag('mobile')).toBe(true);
    expect(actor.getSnapshot().hasTag('sidebarOpened')).toBe(false);
    expect(take()).toEqual([]);
    actor.send({ type: 'viewport.resized', width: 992 });
    expect(actor.getSnapshot().hasTag('mobile')).toBe(false);
    expect(actor.getSnapshot().hasTag('sidebarOpened')).toBe(false);
  });

  it('on a phone, the opened drawer stays open when the viewport changes but stays narrow', () => {
    const { actor } = start();
    actor.send({ type: 'viewport.resized', width: 375 });
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().hasTag('sidebarOpened')).toBe(true);
    actor.send({ type: 'viewport.resized', width: 375 });
    actor.send({ type: 'viewport.resized', width: 390 });
    expect(actor.getSnapshot().hasTag('sidebarOpened')).toBe(true);
    // Turning wide and narrow again is becoming mobile: it closes.
    actor.send({ type: 'viewport.resized', width: 1440 });
    actor.send({ type: 'viewport.resized', width: 375 });
    expect(actor.getSnapshot().hasTag('sidebarOpened')).toBe(false);
  });

  it('toggling the sidebar remembers the choice', () => {
    const { actor, take } = start();
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'sidebar.toggle' });
    expect(take()).toEqual([
      { type: 'persistSidebar', params: { opened: false } },
      { type: 'persistSidebar', params: { opened: true } },
    ]);
  });

  it('the personal-center dialog opens and closes', () => {
    const { actor } = start();
    actor.send({ type: 'personal.open' });
    expect(actor.getSnapshot().hasTag('personalOpen')).toBe(true);
    actor.send({ type: 'personal.close' });
    expect(actor.getSnapshot().hasTag('personalOpen')).toBe(false);
  });
});

describe('layout chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
