import { contentImportMachine, type ImportEvent } from '../../../machines/contentImport.machine';
import type { ImportPreview } from '../../../models/contentImport';
import { defineExamples } from './chart';

// The example events of the contentImport chart: its model-based test walks them and `npm run paths` prints them.

export const FILE = { name: 'fees.csv' } as File;
export const preview = (valid: number): ImportPreview => ({ kind: 'commission', total: 2, valid, invalid: 2 - valid, mapping: [], ignored: [], rows: [] });
export const REPORT = { created: 1, failed: [] };

export const EVENTS: ImportEvent[] = [
  { type: 'import.open' },
  { type: 'kind.change', kind: 'margin' },
  { type: 'file.choose', file: FILE },
  { type: 'previewed', preview: preview(1) },
  { type: 'previewed', preview: preview(0) },
  { type: 'request.failed', message: 'bad file' },
  { type: 'import.commit' },
  { type: 'commit.started', jobId: 9 },
  { type: 'job.update', status: 'running', progress: 40 },
  { type: 'job.update', status: 'done', progress: 100, report: REPORT },
  { type: 'job.update', status: 'failed', progress: 40, error: 'disk full' },
  { type: 'import.close' },
];

export const contentImportExamples = defineExamples({
  machine: contentImportMachine,
  events: EVENTS,
});
