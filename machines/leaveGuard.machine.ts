import { and, assign, setup } from 'xstate';
import type { TabsEvent } from './tabs.machine';

// Unsaved work on full-page forms (the content editor, the column form). A form reports that it holds
// changes not yet saved (form.dirty / form.clean, by its tab's path and its full location); the flag comes
// from the form's own chart. Leaving such a page — an in-app navigation, a tab closed or refreshed from
// the tab bar, the browser's back or forward — waits for the user: keep editing, or discard (the form's
// view is remounted fresh) and go on. Reloading or closing the browser tab is the browser's own question
// (beforeunload), asked while any form holds unsaved work.
// The app provides proceed (perform the leave), restore (the browser already moved away on back/forward:
// put the form's address back while the user decides) and discard (remount the forms whose work is dropped).

export type Leave =
  /** Go to a location in the admin; `close` names tabs closed once there. */
  | { kind: 'navigate'; to: string; replace?: boolean; close?: string[] }
  /** A tab-bar action (close, close others, close all, refresh) dropping the views of `drops`. */
  | { kind: 'tabs'; event: TabsEvent; drops: string[] }
  /** The browser's back or forward, already done: the address is now `to`. */
  | { kind: 'history'; to: string };

export interface LeaveGuardContext {
  /** Forms holding unsaved work: tab path → the form's full location. */
  forms: Record<string, string>;
  /** The leave waiting for the user's answer. */
  pending: Leave | null;
  /** The tab paths whose unsaved work that leave would drop. */
  dropping: string[];
}

export type LeaveGuardEvent =
  | { type: 'form.dirty'; path: string; at: string }
  | { type: 'form.clean'; path: string }
  | { type: 'leave.request'; leave: Leave }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

/** The unsaved forms a leave would drop: those it closes, or all it moves away from. */
export function droppedBy(forms: Record<string, string>, leave: Leave): string[] {
  const dirty = Object.keys(forms);
  if (leave.kind === 'tabs') return dirty.filter((p) => leave.drops.includes(p));
  const closed = leave.kind === 'navigate' ? (leave.close ?? []) : [];
  return dirty.filter((p) => forms[p] !== leave.to || closed.includes(p));
}

/** Whether some form holds unsaved work (the browser asks before a reload or closing the tab). */
export const holdsUnsavedWork = (context: LeaveGuardContext) => Object.keys(context.forms).length > 0;

type RequestEvent = Extract<LeaveGuardEvent, { type: 'leave.request' }>;
const leaveOf = (event: LeaveGuardEvent) => (event as RequestEvent).leave;

export const leaveGuardMachine = setup({
  types: { context: {} as LeaveGuardContext, events: {} as LeaveGuardEvent },
  actions: {
    proceed: (_, _params: { leave: Leave }) => {},
    restore: (_, _params: { to: string }) => {},
    discard: (_, _params: { paths: string[] }) => {},
  },
  guards: {
    dropsUnsaved: ({ context, event }) => droppedBy(context.forms, leaveOf(event)).length > 0,
    fromHistory: ({ event }) => leaveOf(event).kind === 'history',
  },
}).createMachine({
  id: 'leaveGuard',
  context: { forms: {}, pending: null, dropping: [] },
  initial: 'idle',
  on: {
    'form.dirty': { actions: assign({ forms: ({ context, event }) => ({ ...context.forms, [event.path]: event.at }) }) },
    'form.clean': {
      actions: assign({
        forms: ({ context, event }) => Object.fromEntries(Object.entries(context.forms).filter(([p]) => p !== event.path)),
      }),
    },
  },
  states: {
    idle: {
      on: {
        'leave.request': [
          {
            // The browser already left the form's address: put it back while the user decides.
            guard: and(['fromHistory', 'dropsUnsaved']),
            target: 'confirming',
            actions: [
              assign({ pending: ({ event }) => event.leave, dropping: ({ context, event }) => droppedBy(context.forms, event.leave) }),
              { type: 'restore', params: ({ context }) => ({ to: context.forms[context.dropping[0]!]! }) },
            ],
          },
          {
            guard: 'dropsUnsaved',
            target: 'confirming',
            actions: assign({ pending: ({ event }) => event.leave, dropping: ({ context, event }) => droppedBy(context.forms, event.leave) }),
          },
          // Nothing to lose and the browser already moved: nothing to do.
          { guard: 'fromHistory' },
          { actions: { type: 'proceed', params: ({ event }) => ({ leave: event.leave }) } },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        // Back or forward again while asked: the form's address goes back again.
        'leave.request': {
          guard: 'fromHistory',
          actions: { type: 'restore', params: ({ context }) => ({ to: context.forms[context.dropping[0]!] ?? '/' }) },
        },
        'leave.confirm': {
          target: 'idle',
          actions: [
            assign({
              forms: ({ context }) => Object.fromEntries(Object.entries(context.forms).filter(([p]) => !context.dropping.includes(p))),
            }),
            { type: 'proceed', params: ({ context }) => ({ leave: context.pending! }) },
            { type: 'discard', params: ({ context }) => ({ paths: context.dropping }) },
            assign({ pending: null, dropping: [] }),
          ],
        },
        'leave.cancel': { target: 'idle', actions: assign({ pending: null, dropping: [] }) },
      },
    },
  },
});
