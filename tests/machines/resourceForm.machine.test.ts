import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { resourceFormMachine, type FieldErrors, type FormEvent, type Values } from '../../machines/resourceForm.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof resourceFormMachine>;
type Type = FormEvent['type'];

/** The stand-in for the shared schema: a name is required. */
const validate = (values: Values): FieldErrors =>
  typeof values.name === 'string' && values.name.trim() !== '' ? {} : { name: 'validation.required' };

const coverage = trackTransitions(resourceFormMachine);
const EFFECTS = ['fetchRecord', 'submitRecord', 'notify', 'saved'] as const;
const start = () => startRecorded(resourceFormMachine, EFFECTS, coverage, { validate });

const RECORD = { name: 'Tag', sort: 1 };
const EVENTS: FormEvent[] = [
  { type: 'form.openCreate', values: {} },
  { type: 'form.openCreate', values: { name: 'Preset' } },
  { type: 'form.openEdit', id: 7 },
  { type: 'record.loaded', values: RECORD },
  { type: 'record.failed', message: 'not found' },
  { type: 'field.change', name: 'name', value: 'Renamed' },
  { type: 'field.change', name: 'name', value: '' },
  { type: 'form.submit' },
  { type: 'submit.done', message: 'saved successfully' },
  { type: 'submit.failed', message: 'name taken', field: 'name' },
  { type: 'submit.failed', message: 'server down' },
  { type: 'form.close' },
  { type: 'close.confirm' },
  { type: 'close.cancel' },
];

const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"closed"': { tags: [], accepts: ['form.openCreate', 'form.openEdit'] },
  '"loading"': { tags: ['open', 'busy'], accepts: ['record.loaded', 'record.failed', 'form.close'] },
  '"editing"': { tags: ['open', 'editable'], accepts: ['field.change', 'form.submit', 'form.close'] },
  '"submitting"': { tags: ['open', 'busy'], accepts: ['submit.done', 'submit.failed'] },
  '"confirmingClose"': { tags: ['open', 'confirming'], accepts: ['close.confirm', 'close.cancel'] },
};
const TAGS = ['open', 'busy', 'editable', 'confirming'];

function expectViews(s: Snapshot) {
  const view = VIEWS[JSON.stringify(s.value)];
  expect(view, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const event of EVENTS) expect(s.can(event), `can ${event.type}`).toBe(view.accepts.includes(event.type));
}

const changed = (a: Values, b: Values) => [...new Set([...Object.keys(a), ...Object.keys(b)])].some((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));

function formOracle({ before, after, event, effects }: StepCheck<Snapshot, FormEvent>) {
  expectViews(after);
  if (event.type === ('xstate.init' as string) || !before.can(event)) return expect(effects).toEqual([]);
  const b = before.context;
  const a = after.context;
  switch (event.type) {
    case 'form.openCreate':
      expect(a).toMatchObject({ mode: 'create', id: null, values: event.values, initial: event.values, errors: {}, error: null });
      return expect(effects).toEqual([]);
    case 'form.openEdit':
      expect(a).toMatchObject({ mode: 'edit', id: event.id, errors: {}, error: null });
      return expect(effects).toEqual([{ type: 'fetchRecord', params: { id: event.id } }]);
    case 'record.loaded':
      expect(after.value).toBe('editing');
      expect(a).toMatchObject({ values: event.values, initial: event.values, mode: 'edit', id: b.id });
      return expect(effects).toEqual([]);
    case 'record.failed':
      expect(after.value).toBe('closed');
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }]);
    case 'field.change': {
      const { [event.name]: _cleared, ...otherErrors } = b.errors;
      expect(a.values).toEqual({ ...b.values, [event.name]: event.value });
      expect(a.errors).toEqual(otherErrors);
      return expect(effects).toEqual([]);
    }
    case 'form.submit': {
      const errors = validate(b.values);
      if (Object.keys(errors).length) {
        expect(after.value).toBe('editing');
        expect(a.errors).toEqual(errors);
        return expect(effects).toEqual([]);
      }
      expect(after.value).toBe('submitting');
      expect(a.errors).toEqual({});
      return expect(effects).toEqual([{ type: 'submitRecord', params: { mode: b.mode, id: b.id, values: b.values } }]);
    }
    case 'submit.done':
      expect(after.value).toBe('closed');
      return expect(effects).toEqual([
        { type: 'notify', params: { kind: 'success', message: event.message } },
        { type: 'saved', params: null },
      ]);
    case 'submit.failed':
      expect(after.value).toBe('editing');
      expect(a.error).toBe(event.message);
      expect(a.errors).toEqual(event.field ? { ...b.errors, [event.field]: event.message } : b.errors);
      expect(a.values).toEqual(b.values);
      return expect(effects).toEqual([]);
    case 'form.close':
      // Unsaved changes are never dropped without asking.
      expect(after.value).toBe(before.matches('editing') && changed(b.values, b.initial) ? 'confirmingClose' : 'closed');
      return expect(effects).toEqual([]);
    case 'close.confirm':
      expect(after.value).toBe('closed');
      return expect(effects).toEqual([]);
    case 'close.cancel':
      expect(after.value).toBe('editing');
      expect(a.values).toEqual(b.values);
      return expect(effects).toEqual([]);
  }
}

describe('resource form chart, every path of the model', () => {
  const model = createTestModel(resourceFormMachine, { events: EVENTS, serializeState: serializeTransition, limit: 100_000, input: { validate } });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, start, formOracle));
  }
});

describe('resource form chart, what a user can do in a form', () => {
  it('an invalid submit stays in the form and shows the field errors', () => {
    const { actor, take } = start();
    actor.send({ type: 'form.openCreate', values: { name: '' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'validation.required' });
    expect(take()).toEqual([]);
    actor.send({ type: 'field.change', name: 'name', value: 'News' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('a valid new record is submitted, and a saved one closes the form and reloads the list', () => {
    const { actor, take } = start();
    actor.send({ type: 'form.openCreate', values: {} });
    actor.send({ type: 'field.change', name: 'name', value: 'News' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(take()).toEqual([{ type: 'submitRecord', params: { mode: 'create', id: null, values: { name: 'News' } } }]);
    actor.send({ type: 'submit.done', message: 'saved successfully' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(take().map((c) => c.type)).toEqual(['notify', 'saved']);
  });

  it("a server error about a field is shown on that field", () => {
    const { actor } = start();
    actor.send({ type: 'form.openCreate', values: { name: 'News', sort: 1 } });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'submit.failed', message: 'already exists', field: 'name' });
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'already exists' });
  });

  it('closing a changed form asks first; an unchanged one closes at once', () => {
    const { actor } = start();
    actor.send({ type: 'form.openCreate', values: { name: 'News' } });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'form.openCreate', values: { name: 'News' } });
    actor.send({ type: 'field.change', name: 'name', value: 'Old news' });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'close.cancel' });
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Old news' });
    actor.send({ type: 'field.change', name: 'name', value: 'News' });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('editing loads the record first, then submits it as an update', () => {
    const { actor, take } = start();
    actor.send({ type: 'form.openEdit', id: 7 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(take()).toEqual([{ type: 'fetchRecord', params: { id: 7 } }]);
    actor.send({ type: 'record.loaded', values: RECORD });
    expect(actor.getSnapshot().context.values).toEqual(RECORD);
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'form.openEdit', id: 7 });
    actor.send({ type: 'record.loaded', values: RECORD });
    take();
    actor.send({ type: 'form.submit' });
    expect(take()).toEqual([{ type: 'submitRecord', params: { mode: 'edit', id: 7, values: RECORD } }]);
  });
});

describe('resource form chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
