import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { cachedPaths, tabsMachine, type TabsEvent, type VisitedView } from '../../machines/tabs.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof tabsMachine>;

const DASHBOARD: VisitedView = { path: '/', title: 'Dashboard', pinned: true, cache: false };
const TAGS: VisitedView = { path: '/Tag/index', title: 'Tags', pinned: false, cache: true };
const ROLES: VisitedView = { path: '/Role/index', title: 'Roles', pinned: false, cache: false };
const CONTENT: VisitedView = { path: '/Content/index', title: 'Content', pinned: false, cache: true };
const UNKNOWN = '/nope';

const coverage = trackTransitions(tabsMachine);
const start = (pinned: VisitedView[] = [DASHBOARD]) => startRecorded(tabsMachine, ['navigate'], coverage, { pinned });

const EVENTS: TabsEvent[] = [
  { type: 'tab.open', view: TAGS },
  { type: 'tab.open', view: ROLES },
  ...[DASHBOARD.path, TAGS.path, ROLES.path].map((path) => ({ type: 'tab.close' as const, path })),
  ...[DASHBOARD.path, TAGS.path, UNKNOWN].map((path) => ({ type: 'tab.closeOthers' as const, path })),
  { type: 'tab.closeAll' },
  { type: 'tabs.reset' },
  { type: 'tab.replace', from: TAGS.path, view: CONTENT },
  { type: 'tab.replace', from: UNKNOWN, view: CONTENT },
  { type: 'menu.open', path: TAGS.path },
  { type: 'menu.open', path: UNKNOWN },
  { type: 'menu.close' },
];
const REFRESHES: TabsEvent[] = [
  { type: 'tab.refresh', path: TAGS.path },
  { type: 'tab.refresh', path: UNKNOWN },
];
// Refresh counters grow without bound: the model refreshes at most once per path.
const eventsFor = (state: Snapshot) => (Object.keys(state.context.refreshes).length ? EVENTS : [...EVENTS, ...REFRESHES]);

const paths = (views: readonly VisitedView[]) => views.map((v) => v.path);

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

describe('tabs chart, every path of the model', () => {
  const model = createTestModel(tabsMachine, {
    events: coverage.examples(eventsFor),
    serializeState: serializeTransition,
    limit: 100_000,
    input: { pinned: [DASHBOARD] },
  });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, () => start(), tabsOracle));
  }
});

describe('tabs chart, what a user can do with tabs', () => {
  const open = (actor: ReturnType<typeof start>['actor'], ...views: VisitedView[]) =>
    views.forEach((view) => actor.send({ type: 'tab.open', view }));

  it('the pinned dashboard survives close, close others and close all', () => {
    const { actor } = start();
    open(actor, TAGS, ROLES);
    actor.send({ type: 'tab.close', path: DASHBOARD.path });
    actor.send({ type: 'tab.closeOthers', path: ROLES.path });
    expect(paths(actor.getSnapshot().context.views)).toEqual([DASHBOARD.path, ROLES.path]);
    actor.send({ type: 'tab.closeAll' });
    expect(paths(actor.getSnapshot().context.views)).toEqual([DASHBOARD.path]);
  });

  it('closing the active tab goes to its right neighbour, or the left one at the end', () => {
    const { actor, take } = start();
    open(actor, TAGS, ROLES, CONTENT);
    actor.send({ type: 'tab.open', view: ROLES });
    take();
    actor.send({ type: 'tab.close', path: ROLES.path });
    expect(take()).toEqual([{ type: 'navigate', params: { to: CONTENT.path } }]);
    actor.send({ type: 'tab.close', path: CONTENT.path });
    expect(take()).toEqual([{ type: 'navigate', params: { to: TAGS.path } }]);
    actor.send({ type: 'tab.close', path: TAGS.path });
    expect(take()).toEqual([{ type: 'navigate', params: { to: DASHBOARD.path } }]);
  });

  it('a tab keeps its page’s full address: closing, close others and close all return there, query included', () => {
    const { actor, take } = start();
    const edit = { path: '/updateContent', title: 'Edit', pinned: false, cache: true };
    open(actor, { ...edit, to: '/updateContent?id=1' }, { ...TAGS, to: '/Tag/index?page=2' }, ROLES);
    // Shown again at another address: the tab follows it.
    open(actor, { ...edit, to: '/updateContent?id=7' }, ROLES);
    expect(actor.getSnapshot().context.views.find((v) => v.path === edit.path)?.to).toBe('/updateContent?id=7');
    take();
    actor.send({ type: 'tab.close', path: ROLES.path });
    expect(take()).toEqual([{ type: 'navigate', params: { to: '/Tag/index?page=2' } }]);
    actor.send({ type: 'tab.closeOthers', path: edit.path });
    expect(take()).toEqual([{ type: 'navigate', params: { to: '/updateContent?id=7' } }]);
    actor.send({ type: 'tab.closeAll' });
    expect(take()).toEqual([{ type: 'navigate', params: { to: DASHBOARD.path } }]);
  });

  it('closing a background tab keeps the user where they are', () => {
    const { actor, take } = start();
    open(actor, TAGS, ROLES);
    take();
    actor.send({ type: 'tab.close', path: TAGS.path });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().context.active).toBe(ROLES.path);
  });

  it('close all keeps the pinned tabs and goes to the last of them', () => {
    const home = { ...DASHBOARD, path: '/SysSetting/dashbord' };
    const { actor, take } = start([DASHBOARD, home]);
    open(actor, TAGS, ROLES);
    take();
    actor.send({ type: 'tab.closeAll' });
    expect(paths(actor.getSnapshot().context.views)).toEqual([DASHBOARD.path, home.path]);
    expect(take()).toEqual([{ type: 'navigate', params: { to: home.path } }]);
  });

  it('refreshing a tab remounts it by bumping its refresh count', () => {
    const { actor } = start();
    open(actor, TAGS);
    actor.send({ type: 'tab.refresh', path: TAGS.path });
    actor.send({ type: 'tab.refresh', path: TAGS.path });
    expect(actor.getSnapshot().context.refreshes).toEqual({ [TAGS.path]: 2 });
  });

  it('opening a visited page again does not add a second tab, and keeps its title unless given one', () => {
    const { actor } = start();
    open(actor, TAGS, ROLES, { ...TAGS, title: '' });
    expect(actor.getSnapshot().context.views).toEqual([DASHBOARD, TAGS, ROLES]);
    expect(actor.getSnapshot().context.active).toBe(TAGS.path);
    open(actor, { ...TAGS, title: 'Tag list' });
    expect(actor.getSnapshot().context.views[1].title).toBe('Tag list');
  });

  it('signing out leaves only the pinned tabs, forgets refreshes and navigates nowhere', () => {
    const { actor, take } = start();
    open(actor, TAGS, ROLES);
    actor.send({ type: 'tab.refresh', path: TAGS.path });
    actor.send({ type: 'menu.open', path: TAGS.path });
    take();
    actor.send({ type: 'tabs.reset' });
    const { context } = actor.getSnapshot();
    expect(paths(context.views)).toEqual([DASHBOARD.path]);
    expect(context.active).toBe(DASHBOARD.path);
    expect(context.refreshes).toEqual({});
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
    expect(take()).toEqual([]);
  });

  it('a new item’s add tab becomes its edit tab in place, staying active', () => {
    const { actor, take } = start();
    open(actor, TAGS, ROLES);
    actor.send({ type: 'tab.open', view: TAGS });
    take();
    actor.send({ type: 'tab.replace', from: TAGS.path, view: CONTENT });
    expect(paths(actor.getSnapshot().context.views)).toEqual([DASHBOARD.path, CONTENT.path, ROLES.path]);
    expect(actor.getSnapshot().context.active).toBe(CONTENT.path);
    expect(take()).toEqual([]);
  });

  it('only cached views stay mounted', () => {
    const { actor } = start();
    open(actor, TAGS, ROLES, CONTENT);
    expect(cachedPaths(actor.getSnapshot().context)).toEqual([TAGS.path, CONTENT.path]);
  });

  it('the context menu opens for a tab and any tab action closes it', () => {
    const { actor } = start();
    open(actor, TAGS);
    actor.send({ type: 'menu.open', path: TAGS.path });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(true);
    actor.send({ type: 'tab.refresh', path: TAGS.path });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
  });
});

describe('tabs chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
