import { and, assign, not, setup, stateIn } from 'xstate';
import { GRID_COLUMNS } from '../models/constants';
import { FIELD_NAME, fieldCandidate, fieldNames, gridOf, newRule, pickerLimit, placed, type GridPlace, defaultHeight } from '../models/formComponents';
import { parseFormDesignJson, type FormComponentType, type FormDesign, type FormOptions, type FormRule } from '../models/formRules';

// The form designer (/form/design?id=N): one form's rules on a 24-column canvas. No active component ⇄ an
// active one (choosing one switches the panel to its properties tab; deleting it or clicking the empty canvas
// goes back); add from the palette at a grid place, move/resize (the grid's layout), reorder, copy, delete,
// edit a component's properties / base / validation, the form options, undo and redo, a preview, the struct
// editor (invalid JSON shows its error and keeps the last good rules), import and export JSON, and save.
// Side effects are actions the app provides: loadDesign (→ design.loaded / design.failed), saveDesign
// (→ save.done / save.failed), exportDesign (the view downloads the file) and notify.

export type PanelTab = 'props' | 'base' | 'validate' | 'options';
/** One item of the grid's layout, as react-grid-layout reports it (`i` is the rule's field). */
export interface LayoutItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
/** What a component edit may change; the panel sends whole values (a new validate list, new props). */
export type RulePatch = Partial<Pick<FormRule, 'field' | 'title' | 'info' | 'validate' | 'props' | 'effect' | 'control'>>;

/** How many steps undo keeps. */
export const UNDO_DEPTH = 50;

export interface FormDesignerContext {
  id: number;
  name: string;
  rules: FormRule[];
  options: FormOptions;
  /** The field of the active component, or null. */
  active: string | null;
  tab: PanelTab;
  past: FormDesign[];
  future: FormDesign[];
  /** The design as last loaded or saved, to tell whether anything changed since. */
  saved: string;
  dirty: boolean;
  /** The text in the struct editor. */
  structText: string;
  /** The input-format error of the last JSON read (struct editor or import), or null. */
  jsonError: string | null;
  /** Numbers new field-name candidates. */
  seq: number;
  error: string | null;
}

export type FormDesignerEvent =
  | { type: 'design.loaded'; name: string; design: FormDesign }
  | { type: 'design.failed'; message: string }
  | { type: 'design.retry' }
  | { type: 'component.add'; kind: FormComponentType; title: string; at: { x: number; y: number } }
  | { type: 'component.select'; field: string | null }
  | { type: 'layout.change'; layout: LayoutItem[] }
  | { type: 'component.reorder'; field: string; direction: 'up' | 'down' }
  | { type: 'component.copy' }
  | { type: 'component.delete' }
  | { type: 'component.set'; patch: RulePatch }
  | { type: 'option.set'; patch: Partial<FormOptions> }
  | { type: 'panel.tab'; tab: PanelTab }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'preview.open' }
  | { type: 'preview.close' }
  | { type: 'struct.open' }
  | { type: 'struct.edit'; text: string }
  | { type: 'struct.apply' }
  | { type: 'struct.close' }
  | { type: 'design.import'; text: string }
  | { type: 'design.export' }
  | { type: 'design.save' }
  | { type: 'save.done' }
  | { type: 'save.failed'; message: string };

const designOf = (c: FormDesignerContext): FormDesign => ({ rules: c.rules, options: c.options });
const keyOf = (d: FormDesign) => JSON.stringify(d);

/** Rules in reading order: top to bottom, then left to right, as the form shows them. */
function inReadingOrder(rules: FormRule[]): FormRule[] {
  return rules
    .map((r, i) => ({ r, i, g: gridOf(r) }))
    .sort((a, b) => (a.g?.y ?? Infinity) - (b.g?.y ?? Infinity) || (a.g?.x ?? 0) - (b.g?.x ?? 0) || a.i - b.i)
    .map(({ r }) => r);
}

/** The next free field name from candidate `seq` on. */
function freshField(rules: FormRule[], seq: number): { field: string; seq: number } {
  const taken = new Set(fieldNames(rules));
  let n = seq;
  while (taken.has(fieldCandidate(n))) n += 1;
  return { field: fieldCandidate(n), seq: n + 1 };
}

/** The lowest free row under every component: where a copy or an unplaced component goes. */
const bottomOf = (rules: FormRule[]) => rules.reduce((y, r) => Math.max(y, (gridOf(r)?.y ?? 0) + (gridOf(r)?.h ?? 1)), 0);

/** A patch applied to a rule, with the picker limits enforced: one image, at most ten files. */
function patched(rule: FormRule, patch: RulePatch): FormRule {
  const next: FormRule = { ...rule, ...patch };
  const limit = pickerLimit(rule.type, (next.props as { limit?: unknown } | undefined)?.limit);
  if (limit !== undefined) next.props = { ...(next.props ?? {}), limit };
  return next;
}

/**
 * An edit to the design: the current design goes on the undo stack, redo is forgotten, and the dirty flag
 * says whether the result differs from what was last saved.
 */
function edit(context: FormDesignerContext, next: Partial<FormDesign> & { active?: string | null; seq?: number }) {
  const rules = next.rules ?? context.rules;
  const options = next.options ?? context.options;
  const active = next.active !== undefined ? next.active : context.active;
  return {
    rules,
    options,
    active: active !== null && rules.some((r) => r.field === active) ? active : null,
    past: [...context.past, designOf(context)].slice(-UNDO_DEPTH),
    future: [],
    dirty: keyOf({ rules, options }) !== context.saved,
    seq: next.seq ?? context.seq,
  };
}

/** Goes to a design from the history: the active component stays if it still exists. */
const restore = (context: FormDesignerContext, design: FormDesign) => ({
  rules: design.rules,
  options: design.options,
  active: context.active !== null && design.rules.some((r) => r.field === context.active) ? context.active : null,
  dirty: keyOf(design) !== context.saved,
});

const layoutDiffers = (rules: FormRule[], layout: LayoutItem[]) =>
  layout.some((item) => {
    const rule = rules.find((r) => r.field === item.i);
    const g = rule && gridOf(rule);
    return rule !== undefined && (!g || g.x !== item.x || g.y !== item.y || g.w !== item.w || g.h !== item.h);
  });

const neighbourIndex = (c: FormDesignerContext, field: string, direction: 'up' | 'down') => {
  const i = c.rules.findIndex((r) => r.field === field);
  if (i < 0) return -1;
  const j = direction === 'up' ? i - 1 : i + 1;
  return j >= 0 && j < c.rules.length ? j : -1;
};

const parsed = (text: string) => parseFormDesignJson(text);

export const formDesignerMachine = setup({
  types: { context: {} as FormDesignerContext, events: {} as FormDesignerEvent, input: {} as { id: number; options: FormOptions } },
  actions: {
    loadDesign: (_, _params: { id: number }) => {},
    saveDesign: (_, _params: { id: number; design: FormDesign }) => {},
    exportDesign: (_, _params: { name: string; design: FormDesign }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
  },
  guards: {
    hasActive: ({ context }) => context.active !== null,
    selectsComponent: ({ context, event }) =>
      event.type === 'component.select' && event.field !== null && context.rules.some((r) => r.field === event.field),
    selectsNothing: ({ event }) => event.type === 'component.select' && event.field === null,
    /** Panel tabs other than the form options need an active component. */
    tabAllowed: ({ context, event }) => event.type === 'panel.tab' && (event.tab === 'options' || context.active !== null),
    layoutChanged: ({ context, event }) => event.type === 'layout.change' && layoutDiffers(context.rules, event.layout),
    canReorder: ({ context, event }) => event.type === 'component.reorder' && neighbourIndex(context, event.field, event.direction) >= 0,
    /** A field rename must stay a valid name, unique in the form; an empty title is refused. */
    patchValid: ({ context, event }) => {
      if (event.type !== 'component.set' || context.active === null) return false;
      const { field, title } = event.patch;
      if (title !== undefined && title.trim() === '') return false;
      if (field === undefined || field === context.active) return true;
      return FIELD_NAME.test(field) && !fieldNames(context.rules).includes(field);
    },
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    jsonValid: ({ context }) => context.jsonError === null,
    importValid: ({ event }) => event.type === 'design.import' && parsed(event.text).ok,
    saving: stateIn('#formDesigner.editing.persistence.saving'),
  },
}).createMachine({
  id: 'formDesigner',
  context: ({ input }) => ({
    id: input.id,
    name: '',
    rules: [],
    options: input.options,
    active: null,
    tab: 'options',
    past: [],
    future: [],
    saved: keyOf({ rules: [], options: input.options }),
    dirty: false,
    structText: '',
    jsonError: null,
    seq: 0,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: { type: 'loadDesign', params: ({ context }) => ({ id: context.id }) },
      on: {
        'design.loaded': {
          target: 'editing',
          actions: assign(({ event }) => ({
            name: event.name,
            rules: event.design.rules,
            options: event.design.options,
            saved: keyOf(event.design),
            dirty: false,
            past: [],
            future: [],
            active: null,
            error: null,
          })),
        },
        'design.failed': { target: 'loadFailed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    loadFailed: {
      tags: ['failed'],
      on: { 'design.retry': 'loading' },
    },
    editing: {
      type: 'parallel',
      states: {
        selection: {
          initial: 'noActive',
          states: {
            noActive: {
              tags: ['noActive'],
              entry: assign({ tab: 'options' as PanelTab }),
              always: { guard: 'hasActive', target: 'active' },
            },
            active: {
              tags: ['active'],
              always: { guard: not('hasActive'), target: 'noActive' },
            },
          },
        },
        persistence: {
          initial: 'idle',
          states: {
            idle: { on: { 'design.save': 'saving' } },
            saving: {
              tags: ['busy'],
              entry: { type: 'saveDesign', params: ({ context }) => ({ id: context.id, design: designOf(context) }) },
              on: {
                'save.done': {
                  target: 'saved',
                  actions: [
                    assign(({ context }) => ({ saved: keyOf(designOf(context)), dirty: false })),
                    { type: 'notify', params: { kind: 'success', message: 'formDesign.saved' } },
                  ],
                },
                'save.failed': {
                  target: 'failed',
                  actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: event.message }) },
                },
              },
            },
            saved: { tags: ['saved'], on: { 'design.save': 'saving' } },
            failed: { tags: ['saveFailed'], on: { 'design.save': 'saving' } },
          },
        },
      },
      on: {
        'component.add': {
          guard: not('saving'),
          actions: assign(({ context, event }) => {
            const { field, seq } = freshField(context.rules, context.seq);
            const w = GRID_COLUMNS;
            const place: GridPlace = { x: event.at.x, y: event.at.y, w, h: defaultHeight(event.kind) };
            const rule = placed(newRule(event.kind, field, event.title), place);
            // What sits at or below the drop row moves down to make room.
            const shifted = context.rules.map((r) => {
              const g = gridOf(r);
              return g && g.y >= gridOf(rule)!.y ? placed(r, { ...g, y: g.y + place.h }) : r;
            });
            return { ...edit(context, { rules: inReadingOrder([...shifted, rule]), active: field, seq }), tab: 'props' as PanelTab };
          }),
        },
        'component.select': [
          { guard: and(['selectsComponent', not('saving')]), actions: assign({ active: ({ event }) => event.field, tab: 'props' as PanelTab }) },
          { guard: and(['selectsNothing', not('saving')]), actions: assign({ active: null }) },
        ],
        'layout.change': {
          guard: and(['layoutChanged', not('saving')]),
          actions: assign(({ context, event }) => {
            const rules = context.rules.map((r) => {
              const item = event.layout.find((l) => l.i === r.field);
              return item ? placed(r, item) : r;
            });
            return edit(context, { rules: inReadingOrder(rules) });
          }),
        },
        'component.reorder': {
          guard: and(['canReorder', not('saving')]),
          actions: assign(({ context, event }) => {
            // The two neighbours trade places on the canvas, so the reading order changes with them.
            const i = context.rules.findIndex((r) => r.field === event.field);
            const j = neighbourIndex(context, event.field, event.direction);
            const [lo, hi] = i < j ? [i, j] : [j, i];
            const upper = context.rules[lo]!;
            const lower = context.rules[hi]!;
            const gu = gridOf(upper) ?? { x: 0, y: lo, w: GRID_COLUMNS, h: 1 };
            const gl = gridOf(lower) ?? { x: 0, y: hi, w: GRID_COLUMNS, h: 1 };
            const sameRow = gu.y === gl.y;
            const rules = [...context.rules];
            rules[lo] = placed(lower, { ...gl, x: gu.x, y: gu.y });
            rules[hi] = placed(upper, sameRow ? { ...gu, x: gu.x + gl.w, y: gu.y } : { ...gu, x: gl.x, y: gu.y + gl.h });
            return edit(context, { rules });
          }),
        },
        'component.copy': {
          guard: and(['hasActive', not('saving')]),
          actions: assign(({ context }) => {
            const source = context.rules.find((r) => r.field === context.active)!;
            const { field, seq } = freshField(context.rules, context.seq);
            const g = gridOf(source) ?? { x: 0, y: bottomOf(context.rules), w: GRID_COLUMNS, h: 1 };
            const below = g.y + g.h;
            const shifted = context.rules.map((r) => {
              const rg = gridOf(r);
              return rg && rg.y >= below ? placed(r, { ...rg, y: rg.y + g.h }) : r;
            });
            const copy = placed({ ...structuredClone(source), field }, { ...g, y: below });
            return { ...edit(context, { rules: inReadingOrder([...shifted, copy]), active: field, seq }), tab: 'props' as PanelTab };
          }),
        },
        'component.delete': {
          guard: and(['hasActive', not('saving')]),
          actions: assign(({ context }) => edit(context, { rules: context.rules.filter((r) => r.field !== context.active), active: null })),
        },
        'component.set': {
          guard: and(['patchValid', not('saving')]),
          actions: assign(({ context, event }) => {
            const rules = context.rules.map((r) => (r.field === context.active ? patched(r, event.patch) : r));
            return edit(context, { rules, active: event.patch.field ?? context.active });
          }),
        },
        'option.set': {
          guard: not('saving'),
          actions: assign(({ context, event }) => edit(context, { options: { ...context.options, ...event.patch } })),
        },
        'panel.tab': { guard: 'tabAllowed', actions: assign({ tab: ({ event }) => event.tab }) },
        'history.undo': {
          guard: and(['canUndo', not('saving')]),
          actions: assign(({ context }) => ({
            ...restore(context, context.past.at(-1)!),
            past: context.past.slice(0, -1),
            future: [designOf(context), ...context.future],
          })),
        },
        'history.redo': {
          guard: and(['canRedo', not('saving')]),
          actions: assign(({ context }) => ({
            ...restore(context, context.future[0]!),
            past: [...context.past, designOf(context)],
            future: context.future.slice(1),
          })),
        },
        'preview.open': { guard: not('saving'), target: 'previewing' },
        'struct.open': {
          guard: not('saving'),
          target: 'structEditing',
          actions: assign(({ context }) => ({ structText: JSON.stringify(designOf(context), null, 2), jsonError: null })),
        },
        'design.import': [
          {
            guard: and(['importValid', not('saving')]),
            actions: assign(({ context, event }) => {
              const result = parsed(event.text);
              const design = result.ok ? result.design : designOf(context);
              return { ...edit(context, design), jsonError: null };
            }),
          },
          {
            guard: not('saving'),
            actions: [
              assign({ jsonError: ({ event }) => { const r = parsed(event.text); return r.ok ? null : r.error; } }),
              { type: 'notify', params: { kind: 'error', message: 'formDesign.jsonInvalid' } },
            ],
          },
        ],
        'design.export': { actions: { type: 'exportDesign', params: ({ context }) => ({ name: context.name, design: designOf(context) }) } },
      },
    },
    previewing: {
      tags: ['previewing'],
      on: { 'preview.close': 'editing' },
    },
    structEditing: {
      tags: ['structEditing'],
      on: {
        'struct.edit': {
          actions: assign(({ event }) => {
            const r = parsed(event.text);
            return { structText: event.text, jsonError: r.ok ? null : r.error };
          }),
        },
        // Invalid JSON is never applied: the last good rules stay.
        'struct.apply': {
          guard: 'jsonValid',
          target: 'editing',
          actions: assign(({ context }) => {
            const r = parsed(context.structText);
            return r.ok ? edit(context, r.design) : {};
          }),
        },
        'struct.close': { target: 'editing', actions: assign({ jsonError: null }) },
      },
    },
  },
});

export type FormDesignerMachine = typeof formDesignerMachine;
