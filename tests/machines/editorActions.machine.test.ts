import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { EDITOR_ACTIONS, editorActionsMachine, type EditorActionsEvent } from '../../machines/editorActions.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { CONTENT, EVENTS } from './examples/editorActions.examples';

type Snapshot = SnapshotFrom<typeof editorActionsMachine>;
type Type = EditorActionsEvent['type'];

const coverage = trackTransitions(editorActionsMachine);
const EFFECTS = ['callServer', 'refuseEmpty', 'notifyError', 'notifyDone', 'replaceContent', 'describe'] as const;
const start = () => startRecorded(editorActionsMachine, EFFECTS, coverage);

const VIEWS: Record<string, { tags: string[]; accepts: Type[] }> = {
  '"idle"': { tags: [], accepts: ['action.run'] },
  '{"running":"innerLink"}': { tags: ['busy', 'innerLink'], accepts: ['innerLink.done', 'action.failed'] },
  '{"running":"wordSearch"}': { tags: ['busy', 'wordSearch'], accepts: ['wordSearch.done', 'action.failed'] },
  '{"running":"imgLocal"}': { tags: ['busy', 'imgLocal'], accepts: ['imgLocal.done', 'action.failed'] },
  '{"running":"descExtraction"}': { tags: ['busy', 'descExtraction'], accepts: ['descExtraction.done', 'action.failed'] },
  '"words"': { tags: ['wordsPanel'], accepts: ['panel.close'] },
  '"localised"': { tags: ['localisedPanel'], accepts: ['panel.close'] },
};
const TAGS = ['busy', 'wordsPanel', 'localisedPanel', ...EDITOR_ACTIONS];

function expectViews(s: Snapshot) {
  const view = VIEWS[JSON.stringify(s.value)];
  expect(view, `no expectations for ${JSON.stringify(s.value)}`).toBeDefined();
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(view.tags.includes(tag));
  for (const event of EVENTS) expect(s.can(event), `can ${event.type}`).toBe(view.accepts.includes(event.type));
  expect(s.context.words !== null).toBe(s.hasTag('wordsPanel'));
  expect(s.context.localised !== null).toBe(s.hasTag('localisedPanel'));
}

function actionsOracle({ before, after, event, effects }: StepCheck<Snapshot, EditorActionsEvent>) {
  expectViews(after);
  if (event.type === ('xstate.init' as string) || !before.can(event)) return expect(effects).toEqual([]);
  switch (event.type) {
    case 'action.run':
      if (event.empty) {
        // Empty content never reaches the server.
        expect(after.value).toBe('idle');
        return expect(effects).toEqual([{ type: 'refuseEmpty', params: null }]);
      }
      expect(after.value).toEqual({ running: event.action });
      return expect(effects).toEqual([{ type: 'callServer', params: { action: event.action, content: event.content } }]);
    case 'innerLink.done':
      expect(after.value).toBe('idle');
      return expect(effects).toEqual([
        { type: 'replaceContent', params: { html: event.html } },
        { type: 'notifyDone', params: { action: 'innerLink' } },
      ]);
    case 'wordSearch.done':
      // The marked copy goes to the panel; the content is not touched.
      expect(after.context.words).toEqual(event.result);
      return expect(effects).toEqual([]);
    case 'imgLocal.done':
      expect(after.context.localised).toEqual({ localized: event.result.localized, failed: event.result.failed });
      return expect(effects).toEqual([{ type: 'replaceContent', params: { html: event.result.content } }]);
    case 'descExtraction.done':
      expect(after.value).toBe('idle');
      return expect(effects).toEqual([
        { type: 'describe', params: { text: event.text } },
        { type: 'notifyDone', params: { action: 'descExtraction' } },
      ]);
    case 'action.failed':
      expect(after.value).toBe('idle');
      return expect(effects).toEqual([{ type: 'notifyError', params: { message: event.message } }]);
    case 'panel.close':
      expect(after.value).toBe('idle');
      return expect(effects).toEqual([]);
  }
}

describe('editor actions chart, every path of the model', () => {
  const model = createTestModel(editorActionsMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 10_000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, actionsOracle));
  }
});

describe('editor actions chart, what a writer sees', () => {
  it('an empty body is refused without calling the server', () => {
    const { actor, take } = start();
    actor.send({ type: 'action.run', action: 'innerLink', content: '', empty: true });
    expect(take()).toEqual([{ type: 'refuseEmpty', params: null }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a second action cannot start while one runs, and a late answer of another kind is ignored', () => {
    const { actor, take } = start();
    actor.send({ type: 'action.run', action: 'descExtraction', content: CONTENT, empty: false });
    take();
    actor.send({ type: 'action.run', action: 'innerLink', content: CONTENT, empty: false });
    actor.send({ type: 'innerLink.done', html: '<p>x</p>' });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('editor actions chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
