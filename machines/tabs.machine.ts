import { assign, setup } from 'xstate';

// Visited views shown as tabs (spec §2 "Layout"): refresh, close, close others, close all from a
// context menu; pinned tabs (the dashboard) never close. Views flagged `cache` keep their state while
// hidden; refreshing a view remounts it. The app provides `navigate` to follow the active tab.

export interface VisitedView {
  path: string;
  title: string;
  pinned: boolean;
  cache: boolean;
  /** The page's full location (path and query) when last shown: clicking the tab returns there. */
  to?: string;
}

export interface TabsContext {
  views: VisitedView[];
  active: string;
  /** Bumped by refresh: views are keyed by path + this number, so a refresh remounts them. */
  refreshes: Record<string, number>;
  /** The tab whose context menu is open. */
  menuFor: string | null;
}

export type TabsEvent =
  | { type: 'tab.open'; view: VisitedView }
  | { type: 'tab.close'; path: string }
  | { type: 'tab.closeOthers'; path: string }
  | { type: 'tab.closeAll' }
  | { type: 'tab.refresh'; path: string }
  | { type: 'tabs.reset' }
  /** A page became another in place (a new item's add page is now its edit page): same tab, new path. */
  | { type: 'tab.replace'; from: string; view: VisitedView }
  | { type: 'menu.open'; path: string }
  | { type: 'menu.close' };

export interface TabsInput {
  pinned: VisitedView[];
}

/** The location a tab returns to: its last full location, else its path. */
export const locationOf = (views: readonly VisitedView[], path: string): string => views.find((v) => v.path === path)?.to ?? path;

/** Where to go once the active tab closed: its right neighbour, else its left one, else the last view. */
export function neighbourOf(views: readonly VisitedView[], path: string, remaining: readonly VisitedView[]): string {
  const index = views.findIndex((v) => v.path === path);
  const right = views.slice(index + 1).find((v) => remaining.includes(v));
  const left = views.slice(0, Math.max(index, 0)).reverse().find((v) => remaining.includes(v));
  return (right ?? left ?? remaining[remaining.length - 1])?.path ?? '/';
}

export const tabsMachine = setup({
  types: { context: {} as TabsContext, events: {} as TabsEvent, input: {} as TabsInput },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isPinned: ({ context, event }) =>
      'path' in event && context.views.some((v) => v.path === event.path && v.pinned),
    closesActive: ({ context, event }) => event.type === 'tab.close' && event.path === context.active,
    known: ({ context, event }) => 'path' in event && context.views.some((v) => v.path === event.path),
    replaceable: ({ context, event }) => event.type === 'tab.replace' && context.views.some((v) => v.path === event.from),
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => ({ views: [...input.pinned], active: input.pinned[0]?.path ?? '/', refreshes: {}, menuFor: null }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'menuClosed',
      on: {
        'tab.open': {
          target: '.menuClosed',
          actions: assign(({ context, event }) => {
            const exists = context.views.some((v) => v.path === event.view.path);
            const views = exists
              ? context.views.map((v) => (v.path === event.view.path ? { ...v, title: event.view.title || v.title, to: event.view.to ?? v.to } : v))
              : [...context.views, event.view];
            return { views, active: event.view.path, menuFor: null };
          }),
        },
        'tab.close': [
          // A pinned tab stays; the context menu it was chosen from still closes.
          { guard: 'isPinned', target: '.menuClosed', actions: assign({ menuFor: null }) },
          {
            guard: 'closesActive',
            target: '.menuClosed',
            actions: [
              assign(({ context, event }) => {
                const views = context.views.filter((v) => v.path !== event.path);
                return { views, active: neighbourOf(context.views, event.path, views), menuFor: null };
              }),
              { type: 'navigate', params: ({ context }) => ({ to: locationOf(context.views, context.active) }) },
            ],
          },
          {
            target: '.menuClosed',
            actions: assign(({ context, event }) => ({ views: context.views.filter((v) => v.path !== event.path), menuFor: null })),
          },
        ],
        'tab.closeOthers': {
          guard: 'known',
          target: '.menuClosed',
          actions: [
            assign(({ context, event }) => ({
              views: context.views.filter((v) => v.pinned || v.path === event.path),
              active: event.path,
              menuFor: null,
            })),
            { type: 'navigate', params: ({ context }) => ({ to: locationOf(context.views, context.active) }) },
          ],
        },
        'tab.closeAll': {
          target: '.menuClosed',
          actions: [
            assign(({ context }) => {
              const views = context.views.filter((v) => v.pinned);
              return { views, active: views[views.length - 1]?.path ?? '/', menuFor: null };
            }),
            { type: 'navigate', params: ({ context }) => ({ to: locationOf(context.views, context.active) }) },
          ],
        },
        'tab.replace': {
          guard: 'replaceable',
          target: '.menuClosed',
          actions: assign(({ context, event }) => {
            const others = context.views.filter((v) => v.path !== event.view.path);
            return {
              views: others.map((v) => (v.path === event.from ? event.view : v)),
              active: context.active === event.from ? event.view.path : context.active,
              menuFor: null,
            };
          }),
        },
        // Signing out: back to the pinned tabs, without navigating (the guard sends the user to the login).
        'tabs.reset': {
          target: '.menuClosed',
          actions: assign(({ context }) => {
            const views = context.views.filter((v) => v.pinned);
            return { views, active: views[0]?.path ?? '/', refreshes: {}, menuFor: null };
          }),
        },
        'tab.refresh': {
          guard: 'known',
          target: '.menuClosed',
          actions: assign(({ context, event }) => ({
            refreshes: { ...context.refreshes, [event.path]: (context.refreshes[event.path] ?? 0) + 1 },
            menuFor: null,
          })),
        },
      },
      states: {
        menuClosed: {
          on: { 'menu.open': { guard: 'known', target: 'menuOpen', actions: assign({ menuFor: ({ event }) => event.path }) } },
        },
        menuOpen: {
          tags: ['menuOpen'],
          on: {
            'menu.open': { guard: 'known', actions: assign({ menuFor: ({ event }) => event.path }) },
            'menu.close': { target: 'menuClosed', actions: assign({ menuFor: null }) },
          },
        },
      },
    },
  },
});

/** Paths whose views stay mounted while hidden. */
export const cachedPaths = (context: TabsContext) => context.views.filter((v) => v.cache).map((v) => v.path);
