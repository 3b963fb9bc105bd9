import { posterEditorMachine, type PosterEditorEvent } from '../../../machines/posterEditor.machine';
import { PosterElements, type Poster, type PosterRendered } from '../../../models/poster';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

// The example events of the posterEditor chart: its model-based test walks them and `npm run paths` prints them.

type Snapshot = SnapshotFrom<typeof posterEditorMachine>;

export const poster: Poster = {
  id: 5,
  site_id: 1,
  name: 'Spring',
  width: 400,
  height: 300,
  format: 'png',
  quality: 90,
  background_type: 'color',
  background_image: '',
  background_color: '#ffffff',
  elements: [],
  image_url: '',
  rendered_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
export const rendered: PosterRendered = { id: 5, attachment_id: 9, url: '/uploads/1/p.png', file_name: 'Spring.png', width: 400, height: 300, format: 'png' };

/** Events offered in a state: `adds` adds at most (two: ids el1 and el2) so the graph stays finite. */
export const eventsWith = (adds: 1 | 2) => (s: Snapshot): PosterEditorEvent[] => [
  { type: 'poster.loaded', poster },
  { type: 'poster.failed', message: 'gone' },
  { type: 'poster.retry' },
  ...(s.context.seq === 0
    ? ([
        { type: 'element.add', kind: 'text', content: ' Hello ' },
        { type: 'element.add', kind: 'image', content: '/uploads/1/a.png' },
        { type: 'element.add', kind: 'text', content: '   ' },
      ] as const)
    : s.context.seq === 1 && adds === 2
      ? ([{ type: 'element.add', kind: 'qr', content: 'https://example.com' }] as const)
      : []),
  { type: 'element.select', id: 'el1' },
  { type: 'element.select', id: 'el2' },
  { type: 'element.select', id: null },
  { type: 'element.select', id: 'nope' },
  { type: 'element.move', id: 'el1', x: 9999, y: -40 },
  { type: 'element.move', id: 'nope', x: 1, y: 1 },
  { type: 'element.resize', id: 'el1', w: 1, h: 99999 },
  { type: 'element.change', patch: { text: '' } },
  { type: 'element.change', patch: { text: 'Hi', font_size: 48, color: '#ff0000', url: '/uploads/1/b.png' } },
  { type: 'element.raise' },
  { type: 'element.lower' },
  { type: 'element.remove' },
  { type: 'layout.save' },
  { type: 'save.done' },
  { type: 'save.failed', message: 'refused' },
  { type: 'poster.render' },
  { type: 'render.done', rendered },
  { type: 'render.failed', message: 'broken' },
  { type: 'editor.close' },
  { type: 'close.discard' },
  { type: 'close.cancel' },
];

/** What the chart's guards read, so the graph stays small: order, selection, validity, flags. */
export const project = (s: Snapshot) => ({
  ids: s.context.elements.map((e) => `${e.id}:${e.kind}`),
  selected: s.context.selected,
  dirty: s.context.dirty,
  valid: PosterElements.safeParse(s.context.elements).success,
  renderAfterSave: s.context.renderAfterSave,
  loaded: s.context.poster !== null,
  error: s.context.error,
});

export const posterEditorExamples = defineExamples({
  machine: posterEditorMachine,
  project,
  events: eventsWith(2),
  input: { id: 5 },
});
