import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { formDesignerMachine, FormDesignerEvent } from '../../machines/formDesigner.machine';
import { GRID_COLUMNS } from '../../models/constants';
import { fieldNames, gridOf } from '../../models/formComponents';
import { describePath, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { FORM_ID, input, imported, BAD_JSON, TABLES, project, keyOf, designOf } from './examples/formDesigner.examples';
export { FORM_ID, input, nameRule, loaded, TABLES } from './examples/formDesigner.examples';

// The form designer chart's model-based tests, shared by its test file (and any mutation check).

type Snapshot = SnapshotFrom<typeof formDesignerMachine>;

export const EFFECTS = ['loadDesign', 'saveDesign', 'exportDesign', 'notify'] as const;

function invariants(s: Snapshot) {
  const { rules, active, tab, dirty, saved } = s.context;
  const fields = fieldNames(rules);
  expect(new Set(fields).size, 'field names are unique').toBe(fields.length);
  if (active !== null) expect(fields).toContain(active);
  expect(dirty).toBe(keyOf(designOf(s)) !== saved);
  for (const r of rules) {
    const g = gridOf(r);
    if (!g) continue;
    expect(g.x).toBeGreaterThanOrEqual(0);
    expect(g.x + g.w).toBeLessThanOrEqual(GRID_COLUMNS);
  }
  if (s.matches('editing')) {
    expect(s.hasTag('active')).toBe(active !== null);
    expect(s.hasTag('noActive')).toBe(active === null);
    if (active === null) expect(tab).toBe('options');
  }
}

function oracle({ before, after, event, effects }: StepCheck<Snapshot, FormDesignerEvent>) {
  invariants(after);
  if (event.type === ('xstate.init' as string)) return expect(effects).toEqual([{ type: 'loadDesign', params: { id: FORM_ID } }]);
  if (!before.can(event)) {
    expect(after.value).toEqual(before.value);
    expect(after.context).toEqual(before.context);
    return expect(effects).toEqual([]);
  }
  const pushed = () => {
    expect(after.context.past.at(-1)).toEqual(designOf(before));
    expect(after.context.future).toEqual([]);
  };
  switch (event.type) {
    case 'design.loaded':
      expect(designOf(after)).toEqual(event.design);
      expect(after.context.dirty).toBe(false);
      expect(after.hasTag('noActive')).toBe(true);
      return expect(effects).toEqual([]);
    case 'design.failed':
      expect(after.hasTag('failed')).toBe(true);
      return expect(after.context.error).toBe('gone');
    case 'design.retry':
      return expect(effects).toEqual([{ type: 'loadDesign', params: { id: FORM_ID } }]);
    case 'component.add': {
      pushed();
      const added = after.context.rules.find((r) => !fieldNames(before.context.rules).includes(r.field))!;
      expect(added.type).toBe(event.kind);
      expect(added.field).toMatch(/^field_[0-9a-z]{4}$/);
      expect(gridOf(added)).toMatchObject({ x: event.at.x, y: event.at.y });
      expect(after.context.active).toBe(added.field);
      expect(after.context.tab).toBe('props');
      return expect(after.context.rules).toHaveLength(before.context.rules.length + 1);
    }
    case 'component.select':
      expect(after.context.active).toBe(event.field);
      if (event.field !== null) expect(after.context.tab).toBe('props');
      return expect(designOf(after)).toEqual(designOf(before));
    case 'layout.change': {
      pushed();
      const moved = after.context.rules.find((r) => r.field === 'name')!;
      expect(gridOf(moved)).toEqual({ x: 0, y: 3, w: 12, h: 1 });
      // Rules stay in reading order.
      const ys = after.context.rules.map((r) => gridOf(r)!.y);
      return expect(ys).toEqual([...ys].sort((a, b) => a - b));
    }
    case 'component.reorder': {
      pushed();
      const i = before.context.rules.findIndex((r) => r.field === event.field);
      expect(after.context.rules[i - 1]!.field).toBe(event.field);
      return expect(after.context.rules[i]!.field).toBe(before.context.rules[i - 1]!.field);
    }
    case 'component.copy': {
      pushed();
      const source = before.context.rules.find((r) => r.field === before.context.active)!;
      const copy = after.context.rules.find((r) => r.field === after.context.active)!;
      expect(copy.field).not.toBe(source.field);
      expect({ ...copy, field: source.field, attrs: source.attrs }).toEqual(source);
      return expect(gridOf(copy)!.y).toBe(gridOf(source)!.y + gridOf(source)!.h);
    }
    case 'component.delete':
      pushed();
      expect(fieldNames(after.context.rules)).not.toContain(before.context.active);
      expect(after.context.active).toBeNull();
      return expect(after.context.tab).toBe('options');
    case 'component.set': {
      pushed();
      const rule = after.context.rules.find((r) => r.field === (event.patch.field ?? before.context.active))!;
      return expect(rule).toMatchObject(event.patch);
    }
    case 'option.set':
      pushed();
      return expect(after.context.options).toEqual({ ...before.context.options, ...event.patch });
    case 'panel.tab':
      return expect(after.context.tab).toBe(event.tab);
    case 'history.undo':
      expect(designOf(after)).toEqual(before.context.past.at(-1));
      return expect(after.context.future[0]).toEqual(designOf(before));
    case 'history.redo':
      expect(designOf(after)).toEqual(before.context.future[0]);
      return expect(after.context.past.at(-1)).toEqual(designOf(before));
    case 'preview.open':
      expect(after.hasTag('previewing')).toBe(true);
      return expect(designOf(after)).toEqual(designOf(before));
    case 'preview.close':
      expect(after.matches('editing')).toBe(true);
      // The selection survives the preview.
      return expect(after.context.active).toBe(before.context.active);
    case 'struct.open':
      expect(after.hasTag('structEditing')).toBe(true);
      expect(JSON.parse(after.context.structText)).toEqual(designOf(before));
      return expect(after.context.jsonError).toBeNull();
    case 'struct.edit':
      // An input-format error for invalid JSON; the rules are never touched while typing.
      expect(after.context.jsonError !== null).toBe(event.text === BAD_JSON);
      return expect(designOf(after)).toEqual(designOf(before));
    case 'struct.apply':
      pushed();
      expect(after.matches('editing')).toBe(true);
      return expect(designOf(after)).toEqual(JSON.parse(before.context.structText));
    case 'struct.close':
      expect(after.matches('editing')).toBe(true);
      return expect(designOf(after)).toEqual(designOf(before));
    case 'design.import':
      if (event.text === BAD_JSON) {
        expect(designOf(after)).toEqual(designOf(before));
        expect(after.context.jsonError).not.toBeNull();
        return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'formDesign.jsonInvalid' } }]);
      }
      pushed();
      expect(designOf(after)).toEqual(imported);
      return expect(after.context.jsonError).toBeNull();
    case 'design.export':
      expect(after.context).toEqual(before.context);
      return expect(effects).toEqual([{ type: 'exportDesign', params: { name: before.context.name, design: designOf(before) } }]);
    case 'design.save':
      expect(after.hasTag('busy')).toBe(true);
      // Nothing can be edited while the save is on its way.
      expect(after.can({ type: 'component.select', field: null })).toBe(false);
      expect(after.can({ type: 'history.undo' })).toBe(false);
      return expect(effects).toEqual([{ type: 'saveDesign', params: { id: FORM_ID, design: designOf(before) } }]);
    case 'save.done':
      expect(after.hasTag('saved')).toBe(true);
      expect(after.context.dirty).toBe(false);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'success', message: 'formDesign.saved' } }]);
    case 'save.failed':
      expect(after.hasTag('saveFailed')).toBe(true);
      // Dirty is cleared only by a save that succeeded.
      expect(after.context.dirty).toBe(before.context.dirty);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: 'refused' } }]);
  }
}

export const formDesignerSuite =
  ({ allowDuplicatePaths = false, only }: { allowDuplicatePaths?: boolean; only?: string[] } = {}): ModelSuite<typeof formDesignerMachine> =>
  (machine, coverage) =>
    Object.entries(TABLES)
      .filter(([concern]) => !only || only.includes(concern))
      .flatMap(([concern, events]) => {
        const model = createTestModel(machine, {
          input,
          serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, project(snapshot), event?.type ?? null, previous?.value ?? null]),
          limit: 50_000,
        });
        return model.getShortestPaths({ events: coverage.examples(events), allowDuplicatePaths }).map((path) => ({
          name: `${concern}: ${describePath({ steps: path.steps.map(({ event }) => ({ event: event.type === 'design.loaded' ? { type: event.type } : event })) })}`,
          run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage, input), oracle, project),
        }));
      });

export const formDesignerModelTests = formDesignerSuite();
