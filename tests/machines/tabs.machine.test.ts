import { describe, expect, it } from 'vitest';
import { cachedPaths, tabsMachine, type VisitedView } from '../../machines/tabs.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { CONTENT, DASHBOARD, EFFECTS, paths, ROLES, TAGS, tabsModelTests } from './tabs.model';

const coverage = trackTransitions(tabsMachine);
const start = (pinned: VisitedView[] = [DASHBOARD]) => startRecorded(tabsMachine, EFFECTS, coverage, { pinned });

describe('tabs chart, every path of the model', () => {
  for (const test of tabsModelTests(tabsMachine, coverage)) it(test.name, test.run);
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
