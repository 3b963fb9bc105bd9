import { wordImportMachine, type ImportEvent, type ImportReport } from '../../../machines/wordImport.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the wordImport chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof wordImportMachine>;

export const PARTIAL: ImportReport = { imported: 2, errors: [{ line: 3, text: '坏,9', message: 'bad level' }] };
export const ALL_BAD: ImportReport = { imported: 0, errors: [{ line: 1, text: ',1', message: 'no word' }] };
export const ALL_GOOD: ImportReport = { imported: 3, errors: [] };

export function events({ context: c }: Snapshot): ImportEvent[] {
  return [
    { type: 'import.open' },
    ...(c.text === '' ? [{ type: 'text.change' as const, text: '赌博,2\n坏,9' }, { type: 'text.change' as const, text: '  ' }] : []),
    { type: 'import.submit' },
    { type: 'import.done', report: PARTIAL },
    { type: 'import.done', report: ALL_BAD },
    { type: 'import.done', report: ALL_GOOD },
    { type: 'import.failed', message: 'Too many lines' },
    { type: 'import.retry' },
    { type: 'import.close' },
  ];
}

export const wordImportExamples = defineExamples({
  machine: wordImportMachine,
  events: events,
});
