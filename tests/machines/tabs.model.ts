import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { cachedPaths, type tabsMachine, type TabsEvent, type VisitedView } from '../../machines/tabs.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { DASHBOARD, TAGS, CONTENT, UNKNOWN, eventsFor } from './examples/tabs.examples';
export { DASHBOARD, TAGS, ROLES, CONTENT } from './examples/tabs.examples';

// The tabs chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof tabsMachine>;

export const EFFECTS = ['navigate'] as const;

export const paths = (views: readonly VisitedView[]) => views.map((v) => v.path);

function expectInvariants(s: Snapshot) {
  const open = paths(s.context.views);
  expect(new Set(open).size, 'no duplicate tabs').toBe(open.length);
  expect(open[0], 'the dashboard never closes').toBe(DASHBOARD.path);
  expect(open).toContain(s.context.active);
  expect(s.hasTag('menuOpen')).toBe(s.context.menuFor !== null);
  expect(s.can({ type: 'menu.close' })).toBe(s.hasTag('menuOpen'));
  expect(s.can({ type: 'tab.closeOthers', path: UNKNOWN })).toBe(false);
  expect(s.can({ type: 'tab.refresh', path: UNKNOWN })).toBe(false);
  expect(s.can({ type: 'menu.open', path: UNKNOWN })).toBe(false);
  expect(s.can({ type: 'tab.closeAll' })).toBe(true);
  // Only views flagged `cache` stay mounted while hidden.
  expect(cachedPaths(s.context)).toEqual(open.filter((p) => p === TAGS.path || p === CONTENT.path));
}

function tabsOracle({ before, after, event, effects }: StepCheck<Snapshot, TabsEvent>) {
  expectInvariants(after);
  const was = paths(before.context.views);
  const now = paths(after.context.views);
  const known = 'path' in event && was.includes(event.path);
  const navigatedTo = (to: string) => {
    expect(after.context.active).toBe(to);
    expect(effects).toEqual([{ type: 'navigate', params: { to } }]);
  };
  switch (event.type) {
    case 'tab.open':
      expect(now).toEqual(was.includes(event.view.path) ? was : [...was, event.view.path]);
      expect(after.context.active).toBe(event.view.path);
      expect(effects).toEqual([]);
      break;
    case 'tab.close': {
      const pinned = before.context.views.some((v) => v.path === event.path && v.pinned);
      expect(now).toEqual(pinned ? was : was.filter((p) => p !== event.path));
      if (!pinned && event.path === before.context.active) {
        const i = was.indexOf(event.path);
        navigatedTo(was[i + 1] ?? was[i - 1]);
      } else {
        expect(after.context.active).toBe(before.context.active);
        expect(effects).toEqual([]);
      }
      break;
    }
    case 'tab.closeOthers':
      if (!known) {
        expect(after.context).toEqual(before.context);
        expect(effects).toEqual([]);
        break;
      }
      expect(now).toEqual(was.filter((p) => p === DASHBOARD.path || p === event.path));
      navigatedTo(event.path);
      break;
    case 'tab.closeAll':
      expect(now).toEqual([DASHBOARD.path]);
      navigatedTo(DASHBOARD.path);
      break;
    case 'tab.replace': {
      const from = before.context.views.findIndex((v) => v.path === event.from);
      if (from === -1) {
        expect(after.context.views).toEqual(before.context.views);
      } else {
        // Same place in the bar, the new page in it; no second tab of the new path.
        expect(now[from - (was.slice(0, from).includes(event.view.path) ? 1 : 0)]).toBe(event.view.path);
        expect(now.filter((p) => p === event.view.path)).toHaveLength(1);
        expect(now).not.toContain(event.from);
        if (before.context.active === event.from) expect(after.context.active).toBe(event.view.path);
      }
      expect(effects, 'replacing a tab does not navigate (the page does)').toEqual([]);
      break;
    }
    case 'tabs.reset':
      expect(now).toEqual([DASHBOARD.path]);
      expect(after.context.active).toBe(DASHBOARD.path);
      expect(after.context.refreshes).toEqual({});
      expect(after.context.menuFor).toBeNull();
      expect(effects, 'signing out does not navigate').toEqual([]);
      break;
    case 'tab.refresh': {
      const bumps = known ? { [event.path]: (before.context.refreshes[event.path] ?? 0) + 1 } : {};
      expect(after.context.refreshes).toEqual({ ...before.context.refreshes, ...bumps });
      expect(effects).toEqual([]);
      break;
    }
    case 'menu.open':
      expect(after.context.menuFor).toBe(known ? event.path : before.context.menuFor);
      break;
    case 'menu.close':
      expect(after.context.menuFor).toBeNull();
      break;
  }
  if (event.type.startsWith('tab.') && after.can(event)) expect(after.context.menuFor).toBeNull();
}

/** Every shortest path of the model, the dashboard pinned. */
export const tabsModelTests: ModelSuite<typeof tabsMachine> = (machine, coverage) => {
  const model = createTestModel(machine, {
    events: coverage.examples(eventsFor),
    serializeState: serializeTransition,
    limit: 100_000,
    input: { pinned: [DASHBOARD] },
  });
  return model.getShortestPaths().map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage, { pinned: [DASHBOARD] }), tabsOracle),
  }));
};
