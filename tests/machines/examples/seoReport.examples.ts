import { seoReportMachine } from '../../../machines/seoReport.machine';
import type { SeoReportEvent } from '../../../models/seoReport';
import { defineExamples } from './chart';

// The example events of the seoReport chart: its model-based test walks them and `npm run paths` prints them.

// Valid and invalid payloads of every event: the guards keep a report's numbers sane.
export const EVENTS: SeoReportEvent[] = [
  { type: 'report.progress', checked: 10, total: 40 },
  { type: 'report.progress', checked: 50, total: 40 },
  { type: 'report.complete', score: 87, pages: 40 },
  { type: 'report.complete', score: 87, pages: 60 },
  { type: 'report.complete', score: 140, pages: 40 },
  { type: 'report.fail', message: 'render failed' },
  { type: 'report.cancel', by: 3 },
];

export const seoReportExamples = defineExamples({
  machine: seoReportMachine,
  events: EVENTS,
});
