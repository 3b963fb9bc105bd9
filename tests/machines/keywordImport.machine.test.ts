import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { keywordImportMachine, type KeywordImportEvent } from '../../machines/keywordImport.machine';
import type { KeywordImportResult } from '../../models/keyword';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeWith, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof keywordImportMachine>;
type Type = KeywordImportEvent['type'];

const coverage = trackTransitions(keywordImportMachine);
const start = () => startRecorded(keywordImportMachine, ['uploadFile', 'imported'], coverage);
// A File serialises as {}: the projection keeps its name instead.
const project = (s: Snapshot) => ({ ...s.context, file: s.context.file?.name ?? null });
const serialize = serializeWith(project);

const FILE = new File(['关键词,链接\n云,/c'], 'kw.csv');
const PARTIAL: KeywordImportResult = { total: 3, imported: 2, errors: [{ row: 3, name: '', message: 'Enter the keyword name' }] };
const NONE: KeywordImportResult = { total: 1, imported: 0, errors: [{ row: 2, name: 'x', message: 'The site already has this keyword' }] };

function events({ context: c }: Snapshot): KeywordImportEvent[] {
  return [
    { type: 'import.open' },
    ...(c.file ? [] : [{ type: 'file.choose' as const, file: FILE }]),
    { type: 'import.submit' },
    { type: 'import.done', report: PARTIAL },
    { type: 'import.done', report: NONE },
    { type: 'import.failed', message: 'The file could not be read' },
    { type: 'import.again' },
    { type: 'import.close' },
  ];
}

const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"closed"': { tags: [], accepts: ['import.open'] },
  '"choosing"': { tags: ['open', 'editable'], accepts: ['file.choose', 'import.close'] },
  '"uploading"': { tags: ['open', 'busy'], accepts: ['import.done', 'import.failed'] },
  '"reported"': { tags: ['open', 'reported'], accepts: ['import.again', 'import.close'] },
};
const TAGS = ['open', 'editable', 'busy', 'reported'];
const PROBES: KeywordImportEvent[] = [
  { type: 'import.open' },
  { type: 'file.choose', file: FILE },
  { type: 'import.done', report: PARTIAL },
  { type: 'import.failed', message: '' },
  { type: 'import.again' },
  { type: 'import.close' },
];

function oracle({ before, after, event, effects }: StepCheck<Snapshot, KeywordImportEvent>) {
  const view = VIEWS[JSON.stringify(after.value)]!;
  for (const tag of TAGS) expect(after.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const probe of PROBES) expect(after.can(probe), `can ${probe.type}`).toBe(view.accepts.includes(probe.type));
  expect(after.can({ type: 'import.submit' }), 'submit needs a file').toBe(after.hasTag('editable') && after.context.file !== null);
  switch (event.type) {
    case 'import.open':
    case 'import.again':
      expect(after.context).toEqual({ file: null, report: null, error: null });
      return expect(effects).toEqual([]);
    case 'import.submit':
      return expect(effects).toEqual([{ type: 'uploadFile', params: { file: before.context.file } }]);
    case 'import.done':
      expect(after.context.report).toEqual(event.report);
      // The list reloads only when keywords were added.
      return expect(effects).toEqual(event.report.imported > 0 ? [{ type: 'imported', params: { count: event.report.imported } }] : []);
    case 'import.failed':
      expect([after.context.file, after.context.error]).toEqual([before.context.file, event.message]);
      return expect(effects).toEqual([]);
    default:
      return expect(effects).toEqual([]);
  }
}

describe('keyword import chart, every path of the model', () => {
  const model = createTestModel(keywordImportMachine, { serializeState: serialize, limit: 50_000 });
  for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => events(s).filter((e) => s.can(e))) })) {
    it(describePath(path), () => walkPath(path, start, oracle, project));
  }
});

describe('keyword import chart, what an admin does', () => {
  it('uploads a file, sees the rows that failed, and the list reloads', () => {
    const { actor, take } = start();
    actor.send({ type: 'import.open' });
    actor.send({ type: 'import.submit' });
    expect(take()).toEqual([]);
    actor.send({ type: 'file.choose', file: FILE });
    actor.send({ type: 'import.submit' });
    actor.send({ type: 'import.done', report: PARTIAL });
    expect(take()).toEqual([
      { type: 'uploadFile', params: { file: FILE } },
      { type: 'imported', params: { count: 2 } },
    ]);
    expect(actor.getSnapshot().context.report?.errors).toHaveLength(1);
  });
});

describe('keyword import chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
