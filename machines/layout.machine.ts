import { and, setup, stateIn } from 'xstate';
import { MOBILE_BREAKPOINT_PX } from '../models/constants';

// The shell's layout (spec §4 "Sidebar"): the sidebar is opened or closed, the device desktop or mobile
// (below 992 px; becoming mobile closes the sidebar, while a resize that stays mobile — a phone's address bar
// hiding, a scrollbar going — leaves the opened drawer open) and the personal-center dialog open or closed.
// The app provides persistSidebar to remember the choice.

export type LayoutEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.close' }
  | { type: 'viewport.resized'; width: number }
  | { type: 'personal.open' }
  | { type: 'personal.close' };

export const layoutMachine = setup({
  types: { events: {} as LayoutEvent },
  actions: {
    persistSidebar: (_, _params: { opened: boolean }) => {},
  },
  guards: {
    narrow: ({ event }) => event.type === 'viewport.resized' && event.width < MOBILE_BREAKPOINT_PX,
    wide: ({ event }) => event.type === 'viewport.resized' && event.width >= MOBILE_BREAKPOINT_PX,
  },
}).createMachine({
  id: 'layout',
  type: 'parallel',
  states: {
    sidebar: {
      initial: 'opened',
      states: {
        opened: {
          tags: ['sidebarOpened'],
          on: {
            'sidebar.toggle': { target: 'closed', actions: { type: 'persistSidebar', params: { opened: false } } },
            'sidebar.close': { target: 'closed', actions: { type: 'persistSidebar', params: { opened: false } } },
            'viewport.resized': { guard: and(['narrow', stateIn({ device: 'desktop' })]), target: 'closed' },
          },
        },
        closed: {
          on: {
            'sidebar.toggle': { target: 'opened', actions: { type: 'persistSidebar', params: { opened: true } } },
          },
        },
      },
    },
    device: {
      initial: 'desktop',
      states: {
        desktop: { on: { 'viewport.resized': { guard: 'narrow', target: 'mobile' } } },
        mobile: { tags: ['mobile'], on: { 'viewport.resized': { guard: 'wide', target: 'desktop' } } },
      },
    },
    personal: {
      initial: 'closed',
      states: {
        closed: { on: { 'personal.open': 'open' } },
        open: { tags: ['personalOpen'], on: { 'personal.close': 'closed' } },
      },
    },
  },
});
