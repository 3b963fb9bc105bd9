import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, resourceFormMachine } from '../../machines/resourceForm.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EFFECTS, RECORD, resourceFormModelTests, validate } from './resourceForm.model';

const coverage = trackTransitions(resourceFormMachine);
const start = () => startRecorded(resourceFormMachine, EFFECTS, coverage, { validate });

describe('resource form chart, every path of the model', () => {
  for (const test of resourceFormModelTests(resourceFormMachine, coverage)) it(test.name, test.run);
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

  it('typed changes are unsaved work until saved; saving and the closed form after it hold none', () => {
    const { actor } = start();
    actor.send({ type: 'form.openCreate', values: { name: '' } });
    expect(hasUnsavedChanges(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', name: 'name', value: 'News' });
    expect(hasUnsavedChanges(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(hasUnsavedChanges(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'submit.done', message: 'saved successfully' });
    expect(hasUnsavedChanges(actor.getSnapshot())).toBe(false);
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
