import { tagGeneratorMachine, type GeneratorEvent, type PickRow, type Suggested } from '../../../machines/tagGenerator.machine';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the tagGenerator chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof tagGeneratorMachine>;

export const ROWS: PickRow[] = [
  { id: 1, title: '人工智能' },
  { id: 2, title: '机器学习' },
];
export const SUGGESTED: Suggested = {
  tags: [{ id: 7, name: '机器学习' }],
  suggestions: [
    { name: '人工智能', weight: 2, tag_id: null, attached: false },
    { name: '机器学习', weight: 1, tag_id: 7, attached: true },
  ],
};

// Two facets, one per region: the content picker (search, pages, reloads) and the suggestions
// (pick, load, toggle and type names, attach). Growing values are offered once.
export function pickerEvents({ context: c }: Snapshot): GeneratorEvent[] {
  return [
    { type: 'picker.loaded', rows: ROWS, count: 12 },
    { type: 'picker.failed', message: 'offline' },
    { type: 'picker.reload' },
    ...(c.picker.keyword === '' ? [{ type: 'picker.search' as const, keyword: ' 智能 ' }] : []),
    ...(c.picker.page === 1 ? [{ type: 'picker.page' as const, page: 2 }, { type: 'picker.page' as const, page: 0 }] : []),
  ];
}
export function suggestionEvents({ context: c }: Snapshot): GeneratorEvent[] {
  return [
    { type: 'picker.loaded', rows: ROWS, count: 2 },
    ...(c.content?.id === 2 ? [] : [{ type: 'content.pick' as const, id: c.content ? 2 : 1, title: 'x' }]),
    { type: 'suggest.loaded', suggested: SUGGESTED },
    { type: 'suggest.failed', message: 'timeout' },
    { type: 'suggest.reload' },
    { type: 'chip.toggle', name: '人工智能' },
    { type: 'chip.toggle', name: '机器学习' },
    ...(c.chosen.includes('自定义') ? [] : [{ type: 'chip.add' as const, name: ' 自定义 ' }]),
    { type: 'chip.add', name: '   ' },
    { type: 'chip.add', name: '机器学习' },
    { type: 'chip.add', name: '长'.repeat(51) },
    { type: 'attach.request' },
    { type: 'attach.done', message: 'Tags attached' },
    { type: 'attach.failed', message: 'No permission' },
  ];
}

export const tagGeneratorExamples = defineExamples({
  machine: tagGeneratorMachine,
  facets: { picker: pickerEvents, suggestions: suggestionEvents },
  events: (s) => [...pickerEvents(s), ...suggestionEvents(s)],
  input: { limit: 10 },
});
