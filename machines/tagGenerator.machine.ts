import { assign, raise, setup } from 'xstate';

// The tag generator screen, two regions side by side:
// - picker: the site's content, searched and paged (fetchContents → picker.loaded / picker.failed);
// - suggestions: for the picked content, proposed tags (fetchSuggestions → suggest.loaded / suggest.failed)
//   shown as chips to toggle, plus names typed in; attaching the chosen ones (attachTags → attach.done /
//   attach.failed) reloads both the suggestions and the content list (whose rows show tags).

export const TAG_NAME_LIMIT = 50;

export interface PickRow {
  id: number;
  title: string;
  [field: string]: unknown;
}
export interface Suggestion {
  name: string;
  weight: number;
  tag_id: number | null;
  attached: boolean;
}
export interface Suggested {
  tags: Array<{ id: number; name: string }>;
  suggestions: Suggestion[];
}

export interface GeneratorContext {
  picker: { keyword: string; page: number; limit: number; rows: PickRow[]; count: number; error: string | null };
  content: { id: number; title: string } | null;
  suggested: Suggested | null;
  /** Names to attach: toggled suggestions and typed names. */
  chosen: string[];
  error: string | null;
}

export type GeneratorEvent =
  | { type: 'picker.search'; keyword: string }
  | { type: 'picker.page'; page: number }
  | { type: 'picker.reload' }
  | { type: 'picker.loaded'; rows: PickRow[]; count: number }
  | { type: 'picker.failed'; message: string }
  | { type: 'content.pick'; id: number; title: string }
  | { type: 'suggest.loaded'; suggested: Suggested }
  | { type: 'suggest.failed'; message: string }
  | { type: 'suggest.reload' }
  | { type: 'chip.toggle'; name: string }
  | { type: 'chip.add'; name: string }
  | { type: 'attach.request' }
  | { type: 'attach.done'; message: string }
  | { type: 'attach.failed'; message: string };

export interface GeneratorInput {
  limit: number;
}

const isAttached = (c: GeneratorContext, name: string) => Boolean(c.suggested?.tags.some((t) => t.name === name));

export const tagGeneratorMachine = setup({
  types: { context: {} as GeneratorContext, events: {} as GeneratorEvent, input: {} as GeneratorInput },
  actions: {
    fetchContents: (_, _params: { keyword: string; page: number; limit: number }) => {},
    fetchSuggestions: (_, _params: { contentId: number }) => {},
    attachTags: (_, _params: { contentId: number; names: string[] }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    /** A newly picked content item starts with nothing suggested or chosen. */
    pick: assign(({ event }) => (event.type === 'content.pick' ? { content: { id: event.id, title: event.title }, suggested: null, chosen: [], error: null } : {})),
  },
  guards: {
    /** A chosen name can be dropped; a suggestion the content lacks can be chosen. */
    toggleable: ({ context, event }) =>
      event.type === 'chip.toggle' &&
      (context.chosen.includes(event.name) || Boolean(context.suggested?.suggestions.some((s) => s.name === event.name && !s.attached))),
    addable: ({ context, event }) => {
      if (event.type !== 'chip.add') return false;
      const name = event.name.trim();
      return name.length > 0 && [...name].length <= TAG_NAME_LIMIT && !context.chosen.includes(name) && !isAttached(context, name);
    },
    hasChosen: ({ context }) => context.chosen.length > 0,
  },
}).createMachine({
  id: 'tagGenerator',
  type: 'parallel',
  context: ({ input }) => ({
    picker: { keyword: '', page: 1, limit: input.limit, rows: [], count: 0, error: null },
    content: null,
    suggested: null,
    chosen: [],
    error: null,
  }),
  states: {
    picker: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['pickerBusy'],
          entry: { type: 'fetchContents', params: ({ context: { picker: p } }) => ({ keyword: p.keyword, page: p.page, limit: p.limit }) },
          on: {
            'picker.loaded': {
              target: 'ready',
              actions: assign({ picker: ({ context, event }) => ({ ...context.picker, rows: event.rows, count: event.count, error: null }) }),
            },
            'picker.failed': { target: 'failed', actions: assign({ picker: ({ context, event }) => ({ ...context.picker, error: event.message }) }) },
          },
        },
        ready: {
          on: {
            'picker.search': { target: 'loading', actions: assign({ picker: ({ context, event }) => ({ ...context.picker, keyword: event.keyword.trim(), page: 1 }) }) },
            'picker.page': { target: 'loading', actions: assign({ picker: ({ context, event }) => ({ ...context.picker, page: Math.max(1, event.page) }) }) },
            'picker.reload': 'loading',
          },
        },
        failed: {
          tags: ['pickerFailed'],
          on: {
            'picker.search': { target: 'loading', actions: assign({ picker: ({ context, event }) => ({ ...context.picker, keyword: event.keyword.trim(), page: 1 }) }) },
            'picker.reload': 'loading',
          },
        },
      },
    },
    suggestions: {
      initial: 'idle',
      // Another content item can be picked at any time but while tags are being attached.
      states: {
        idle: {
          tags: ['noContent'],
          on: { 'content.pick': { target: 'loading', actions: 'pick' } },
        },
        loading: {
          tags: ['suggesting'],
          entry: { type: 'fetchSuggestions', params: ({ context }) => ({ contentId: context.content!.id }) },
          on: {
            'content.pick': { target: 'loading', reenter: true, actions: 'pick' },
            'suggest.loaded': { target: 'choosing', actions: assign({ suggested: ({ event }) => event.suggested, error: null }) },
            'suggest.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
        choosing: {
          tags: ['choosing'],
          on: {
            'content.pick': { target: 'loading', actions: 'pick' },
            'suggest.reload': 'loading',
            'chip.toggle': {
              guard: 'toggleable',
              actions: assign({
                chosen: ({ context, event }) => (context.chosen.includes(event.name) ? context.chosen.filter((n) => n !== event.name) : [...context.chosen, event.name]),
              }),
            },
            'chip.add': { guard: 'addable', actions: assign({ chosen: ({ context, event }) => [...context.chosen, event.name.trim()] }) },
            'attach.request': {
              guard: 'hasChosen',
              target: 'attaching',
              actions: { type: 'attachTags', params: ({ context }) => ({ contentId: context.content!.id, names: context.chosen }) },
            },
          },
        },
        attaching: {
          tags: ['attaching'],
          on: {
            'attach.done': {
              target: 'loading',
              actions: [
                assign({ chosen: [] }),
                { type: 'notify', params: ({ event }) => ({ kind: 'success' as const, message: event.message }) },
                raise({ type: 'picker.reload' }),
              ],
            },
            'attach.failed': { target: 'choosing', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: event.message }) } },
          },
        },
        failed: {
          tags: ['suggestFailed'],
          on: {
            'content.pick': { target: 'loading', actions: 'pick' },
            'suggest.reload': 'loading',
          },
        },
      },
    },
  },
});
