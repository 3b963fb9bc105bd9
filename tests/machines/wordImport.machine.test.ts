import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { wordImportMachine, type ImportEvent, type ImportReport } from '../../machines/wordImport.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { PARTIAL, ALL_GOOD, events } from './examples/wordImport.examples';

type Snapshot = SnapshotFrom<typeof wordImportMachine>;
type Type = ImportEvent['type'];

const coverage = trackTransitions(wordImportMachine);
const start = () => startRecorded(wordImportMachine, ['submitImport', 'imported'], coverage);

const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"closed"': { tags: [], accepts: ['import.open'] },
  '"editing"': { tags: ['open', 'editable'], accepts: ['text.change', 'import.close'] },
  '"submitting"': { tags: ['open', 'busy'], accepts: ['import.done', 'import.failed'] },
  '"reported"': { tags: ['open', 'reported'], accepts: ['import.close'] },
};
const TAGS = ['open', 'editable', 'busy', 'reported'];
const PROBES: ImportEvent[] = [
  { type: 'import.open' },
  { type: 'text.change', text: 'x' },
  { type: 'import.done', report: ALL_GOOD },
  { type: 'import.failed', message: '' },
  { type: 'import.close' },
];

function importOracle({ before, after, event, effects }: StepCheck<Snapshot, ImportEvent>) {
  const view = VIEWS[JSON.stringify(after.value)]!;
  for (const tag of TAGS) expect(after.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(after.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  expect(after.can({ type: 'import.submit' }), 'submit needs text').toBe(after.hasTag('editable') && after.context.text.trim() !== '');
  expect(after.can({ type: 'import.retry' }), 'retry only with bad lines').toBe(after.hasTag('reported') && (after.context.report?.errors.length ?? 0) > 0);
  const b = before.context;
  const a = after.context;
  switch (event.type as string) {
    case 'import.open':
      expect(a).toEqual({ text: '', report: null, error: null });
      return expect(effects).toEqual([]);
    case 'import.submit':
      return expect(effects).toEqual([{ type: 'submitImport', params: { text: b.text } }]);
    case 'import.done': {
      const report = (event as { report: ImportReport }).report;
      expect(a.report).toEqual(report);
      // The list reloads only when words were added.
      return expect(effects).toEqual(report.imported > 0 ? [{ type: 'imported', params: { count: report.imported } }] : []);
    }
    case 'import.failed':
      expect([a.text, a.error]).toEqual([b.text, (event as { message: string }).message]);
      return expect(effects).toEqual([]);
    case 'import.retry':
      expect(a.text).toBe(b.report!.errors.map((e) => e.text).join('\n'));
      return expect(effects).toEqual([]);
    default:
      return expect(effects).toEqual([]);
  }
}

describe('word import chart, every path of the model', () => {
  const model = createTestModel(wordImportMachine, { serializeState: serializeTransition, limit: 50_000 });
  for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => events(s).filter((e) => s.can(e))) })) {
    it(describePath(path), () => walkPath(path, start, importOracle));
  }
});

describe('word import chart, what an admin does', () => {
  it('pastes lines, imports, and gets back only the bad lines to fix', () => {
    const { actor, take } = start();
    actor.send({ type: 'import.open' });
    actor.send({ type: 'text.change', text: '赌博,2\n毒品,2\n坏,9' });
    actor.send({ type: 'import.submit' });
    actor.send({ type: 'import.done', report: PARTIAL });
    expect(take()).toEqual([
      { type: 'submitImport', params: { text: '赌博,2\n毒品,2\n坏,9' } },
      { type: 'imported', params: { count: 2 } },
    ]);
    actor.send({ type: 'import.retry' });
    expect(actor.getSnapshot().context.text).toBe('坏,9');
  });

  it('blank text cannot be submitted', () => {
    const { actor, take } = start();
    actor.send({ type: 'import.open' });
    actor.send({ type: 'text.change', text: ' \n ' });
    actor.send({ type: 'import.submit' });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
  });
});

describe('word import chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
