import { keywordImportMachine, type KeywordImportEvent } from '../../../machines/keywordImport.machine';
import type { KeywordImportResult } from '../../../models/keyword';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the keywordImport chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof keywordImportMachine>;

export const FILE = new File(['关键词,链接\n云,/c'], 'kw.csv');
export const PARTIAL: KeywordImportResult = { total: 3, imported: 2, errors: [{ row: 3, name: '', message: 'Enter the keyword name' }] };
export const NONE: KeywordImportResult = { total: 1, imported: 0, errors: [{ row: 2, name: 'x', message: 'The site already has this keyword' }] };

export function events({ context: c }: Snapshot): KeywordImportEvent[] {
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

// A File serialises as {}: the projection keeps its name instead.
export const project = (s: Snapshot) => ({ ...s.context, file: s.context.file?.name ?? null });

export const keywordImportExamples = defineExamples({
  machine: keywordImportMachine,
  project,
  events: events,
});
