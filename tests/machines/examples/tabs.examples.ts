import { tabsMachine, type TabsEvent, type VisitedView } from '../../../machines/tabs.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the tabs chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof tabsMachine>;

export const DASHBOARD: VisitedView = { path: '/', title: 'Dashboard', pinned: true, cache: false };
export const TAGS: VisitedView = { path: '/Tag/index', title: 'Tags', pinned: false, cache: true };
export const ROLES: VisitedView = { path: '/Role/index', title: 'Roles', pinned: false, cache: false };
export const CONTENT: VisitedView = { path: '/Content/index', title: 'Content', pinned: false, cache: true };
export const UNKNOWN = '/nope';
export const EVENTS: TabsEvent[] = [
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
export const REFRESHES: TabsEvent[] = [
  { type: 'tab.refresh', path: TAGS.path },
  { type: 'tab.refresh', path: UNKNOWN },
];
// Refresh counters grow without bound: the model refreshes at most once per path.
export const eventsFor = (state: Snapshot) => (Object.keys(state.context.refreshes).length ? EVENTS : [...EVENTS, ...REFRESHES]);

export const tabsExamples = defineExamples({
  machine: tabsMachine,
  events: eventsFor,
  input: { pinned: [DASHBOARD] },
});
