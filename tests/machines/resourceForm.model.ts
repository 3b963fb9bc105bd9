import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { FormEvent, resourceFormMachine, Values } from '../../machines/resourceForm.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { validate, EVENTS } from './examples/resourceForm.examples';
export { validate, RECORD } from './examples/resourceForm.examples';

// The resource form chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof resourceFormMachine>;
type Type = FormEvent['type'];

export const EFFECTS = ['fetchRecord', 'submitRecord', 'notify', 'saved'] as const;

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
      expect(a).toMatchObject({ mode: 'create', id: null, error: null });
      expect([a.values, a.initial, a.errors]).toEqual([event.values, event.values, {}]);
      return expect(effects).toEqual([]);
    case 'form.openEdit':
      // Nothing of an earlier record shows while this one loads.
      expect(a).toMatchObject({ mode: 'edit', id: event.id, error: null });
      expect([a.values, a.initial, a.errors]).toEqual([{}, {}, {}]);
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

export const resourceFormModelTests: ModelSuite<typeof resourceFormMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 100_000, input: { validate } });
  return model.getShortestPaths().map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage, { validate }), formOracle),
  }));
};
