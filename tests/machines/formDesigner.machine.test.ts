import { describe, expect, it } from 'vitest';
import { assign } from 'xstate';
import { formDesignerMachine } from '../../machines/formDesigner.machine';
import { checkFormValues } from '../../models/formRules';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { firstFailure, mutate } from './mutation';
import { EFFECTS, formDesignerModelTests, formDesignerSuite, input, loaded } from './formDesigner.model';

const coverage = trackTransitions(formDesignerMachine);
const start = () => {
  const recorded = startRecorded(formDesignerMachine, EFFECTS, coverage, input);
  recorded.actor.send({ type: 'design.loaded', name: 'Contact', design: loaded });
  recorded.take();
  return recorded;
};
const rulesOf = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.rules;
const activeRule = (actor: ReturnType<typeof start>['actor']) => {
  const { rules, active } = actor.getSnapshot().context;
  return rules.find((r) => r.field === active)!;
};

describe('form designer chart, every path of the model', () => {
  for (const test of formDesignerModelTests(formDesignerMachine, coverage)) it(test.name, test.run);
});

describe('form designer, what an admin does', () => {
  it('undo and redo give back exactly the rules of each step', () => {
    const { actor } = start();
    const steps = [structuredClone(rulesOf(actor))];
    actor.send({ type: 'component.add', kind: 'radio', title: 'Colour', at: { x: 0, y: 1 } });
    steps.push(structuredClone(rulesOf(actor)));
    actor.send({ type: 'component.set', patch: { title: 'Favourite colour', validate: [{ required: true }] } });
    steps.push(structuredClone(rulesOf(actor)));
    actor.send({ type: 'layout.change', layout: [{ i: activeRule(actor).field, x: 12, y: 0, w: 12, h: 1 }, { i: 'name', x: 0, y: 0, w: 12, h: 1 }] });
    steps.push(structuredClone(rulesOf(actor)));
    actor.send({ type: 'component.copy' });
    steps.push(structuredClone(rulesOf(actor)));
    expect(actor.getSnapshot().context.dirty).toBe(true);
    for (let i = steps.length - 2; i >= 0; i -= 1) {
      actor.send({ type: 'history.undo' });
      expect(rulesOf(actor)).toEqual(steps[i]);
    }
    expect(actor.getSnapshot().can({ type: 'history.undo' })).toBe(false);
    // Back where it was loaded: nothing left to save.
    expect(actor.getSnapshot().context.dirty).toBe(false);
    for (let i = 1; i < steps.length; i += 1) {
      actor.send({ type: 'history.redo' });
      expect(rulesOf(actor)).toEqual(steps[i]);
    }
    expect(actor.getSnapshot().can({ type: 'history.redo' })).toBe(false);
  });

  it('an image picker holds one image whatever limit is typed, and the preview refuses two', () => {
    const { actor } = start();
    actor.send({ type: 'component.add', kind: 'image', title: 'Photo', at: { x: 0, y: 1 } });
    expect(activeRule(actor).props).toMatchObject({ limit: 1 });
    actor.send({ type: 'component.set', patch: { props: { limit: 3 } } });
    expect(activeRule(actor).props).toMatchObject({ limit: 1 });
    const two = ['/uploads/1/a.png', '/uploads/1/b.png'];
    const { errors } = checkFormValues(rulesOf(actor), { name: 'Li', [activeRule(actor).field]: two }, 'en');
    expect(errors[activeRule(actor).field]).toMatch(/Photo/);
  });

  it('an upload takes at most ten files', () => {
    const { actor } = start();
    actor.send({ type: 'component.add', kind: 'upload', title: 'Files', at: { x: 0, y: 1 } });
    expect(activeRule(actor).props).toMatchObject({ limit: 10 });
    actor.send({ type: 'component.set', patch: { props: { limit: 25 } } });
    expect(activeRule(actor).props).toMatchObject({ limit: 10 });
    actor.send({ type: 'component.set', patch: { props: { limit: 4 } } });
    expect(activeRule(actor).props).toMatchObject({ limit: 4 });
    const eleven = Array.from({ length: 11 }, (_, i) => `/uploads/1/${i}.pdf`);
    actor.send({ type: 'component.set', patch: { props: { limit: 99 } } });
    expect(checkFormValues(rulesOf(actor), { name: 'Li', [activeRule(actor).field]: eleven }, 'en').errors[activeRule(actor).field]).toMatch(/Files/);
  });

  it('new components always get a field name no other component has', () => {
    const { actor } = start();
    for (let i = 0; i < 12; i += 1) actor.send({ type: 'component.add', kind: 'input', title: `F${i}`, at: { x: 0, y: 0 } });
    actor.send({ type: 'component.copy' });
    const fields = rulesOf(actor).map((r) => r.field);
    expect(new Set(fields).size).toBe(15);
    expect(fields.filter((f) => f !== 'name' && f !== 'phone').every((f) => /^field_[0-9a-z]{4}$/.test(f))).toBe(true);
  });

  it('the struct editor shows the input-format error and keeps the last good rules', () => {
    const { actor } = start();
    actor.send({ type: 'struct.open' });
    actor.send({ type: 'struct.edit', text: '[{"field": "x", "title": "X", "type": "nope"}]' });
    expect(actor.getSnapshot().context.jsonError).toMatch(/type/);
    expect(actor.getSnapshot().can({ type: 'struct.apply' })).toBe(false);
    actor.send({ type: 'struct.close' });
    expect(rulesOf(actor)).toEqual(loaded.rules);
  });

  it('a failed save keeps the changes unsaved; a save that succeeds clears them', () => {
    const { actor, take } = start();
    actor.send({ type: 'option.set', patch: { size: 'large' } });
    actor.send({ type: 'design.save' });
    actor.send({ type: 'save.failed', message: 'refused' });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'design.save' });
    actor.send({ type: 'save.done' });
    expect(actor.getSnapshot().context.dirty).toBe(false);
    expect(take().filter((c) => c.type === 'saveDesign')).toHaveLength(2);
  });
});

// Deliberate bugs the model-based tests must catch: each mutant fails at least one of them.
const MUTANTS: [string, string, (config: any) => void][] = [
  ['keeps the changes unsaved after a save that succeeded', 'save', (c) => {
    const done = c.states.editing.states.persistence.states.saving.on['save.done'];
    done.actions = [done.actions[1]];
  }],
  ['does not switch to the properties tab when a component is chosen', 'loadAndSelect', (c) => {
    c.states.editing.on['component.select'][0].actions = assign({ active: ({ event }: any) => event.field });
  }],
  ['applies struct-editor text that is not valid', 'struct', (c) => {
    delete c.states.structEditing.on['struct.apply'].guard;
  }],
  ['redoes nothing but forgets the step', 'edits', (c) => {
    c.states.editing.on['history.redo'].actions = assign(({ context }: any) => ({ past: [...context.past, { rules: context.rules, options: context.options }], future: context.future.slice(1) }));
  }],
  ['keeps a deleted component active', 'loadAndSelect', (c) => {
    c.states.editing.on['component.delete'].actions = assign(({ context }: any) => ({ rules: context.rules.filter((r: any) => r.field !== context.active), past: [...context.past, { rules: context.rules, options: context.options }], dirty: true }));
  }],
];

describe('form designer mutants die under the model-based tests', () => {
  for (const [bug, concern, edit] of MUTANTS) {
    it(`a designer that ${bug} is caught`, async () => {
      const machine = mutate(formDesignerMachine, edit);
      expect(await firstFailure(formDesignerSuite({ only: [concern] })(machine, trackTransitions(machine)))).not.toBeNull();
    });
  }
});

describe('form designer chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
