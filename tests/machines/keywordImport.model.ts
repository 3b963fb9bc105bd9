import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { keywordImportMachine, KeywordImportEvent } from '../../machines/keywordImport.machine';
import { describePath, serializeWith, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { FILE, PARTIAL, events, project } from './examples/keywordImport.examples';
export { FILE, PARTIAL } from './examples/keywordImport.examples';

// The keyword import chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof keywordImportMachine>;
type Type = KeywordImportEvent['type'];

export const EFFECTS = ['uploadFile', 'imported'] as const;
const serialize = serializeWith(project);

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
  expect(view, `no expectations for ${JSON.stringify(after.value)}`).toBeDefined();
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
    case 'file.choose':
      // Choosing a file again clears the last upload's error.
      if (before.can(event)) expect([after.context.file, after.context.error]).toEqual([event.file, null]);
      return expect(effects).toEqual([]);
    default:
      return expect(effects).toEqual([]);
  }
}

/** Every shortest path of the model, with the events each state accepts. */
export const keywordImportModelTests: ModelSuite<typeof keywordImportMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { serializeState: serialize, limit: 50_000 });
  return model.getShortestPaths({ events: coverage.examples((s: Snapshot) => events(s).filter((e) => s.can(e))) }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), oracle, project),
  }));
};
