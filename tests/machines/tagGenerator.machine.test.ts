import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { tagGeneratorMachine, type GeneratorEvent } from '../../machines/tagGenerator.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { ROWS, SUGGESTED, pickerEvents, suggestionEvents } from './examples/tagGenerator.examples';

type Snapshot = SnapshotFrom<typeof tagGeneratorMachine>;
type Type = GeneratorEvent['type'];

const coverage = trackTransitions(tagGeneratorMachine);
const ACTIONS = ['fetchContents', 'fetchSuggestions', 'attachTags', 'notify'] as const;
const start = () => startRecorded(tagGeneratorMachine, ACTIONS, coverage, { limit: 10 });

const PICKER: Record<string, { tags: string[]; accepts: Type[] }> = {
  loading: { tags: ['pickerBusy'], accepts: ['picker.loaded', 'picker.failed'] },
  ready: { tags: [], accepts: ['picker.search', 'picker.page', 'picker.reload'] },
  failed: { tags: ['pickerFailed'], accepts: ['picker.search', 'picker.reload'] },
};
const SUGGESTIONS: Record<string, { tags: string[]; accepts: Type[] }> = {
  idle: { tags: ['noContent'], accepts: ['content.pick'] },
  loading: { tags: ['suggesting'], accepts: ['content.pick', 'suggest.loaded', 'suggest.failed'] },
  choosing: { tags: ['choosing'], accepts: ['content.pick', 'suggest.reload'] },
  attaching: { tags: ['attaching'], accepts: ['attach.done', 'attach.failed'] },
  failed: { tags: ['suggestFailed'], accepts: ['content.pick', 'suggest.reload'] },
};
const TAGS = ['pickerBusy', 'pickerFailed', 'noContent', 'suggesting', 'choosing', 'attaching', 'suggestFailed'];
const PROBES: GeneratorEvent[] = [
  { type: 'picker.loaded', rows: [], count: 0 },
  { type: 'picker.failed', message: '' },
  { type: 'picker.search', keyword: 'x' },
  { type: 'picker.page', page: 2 },
  { type: 'picker.reload' },
  { type: 'content.pick', id: 3, title: 't' },
  { type: 'suggest.loaded', suggested: SUGGESTED },
  { type: 'suggest.failed', message: '' },
  { type: 'suggest.reload' },
  { type: 'attach.done', message: '' },
  { type: 'attach.failed', message: '' },
];

function expectViews(s: Snapshot) {
  const value = s.value as { picker: string; suggestions: string };
  const picker = PICKER[value.picker]!;
  const suggestions = SUGGESTIONS[value.suggestions]!;
  const tags = [...picker.tags, ...suggestions.tags];
  for (const tag of TAGS) expect(s.hasTag(tag), `tag ${tag}`).toBe(tags.includes(tag));
  for (const probe of PROBES) expect(s.can(probe), `can ${probe.type}`).toBe([...picker.accepts, ...suggestions.accepts].includes(probe.type));
  // Choosing: a suggestion the content lacks can be chosen, an attached one cannot; attach needs a choice.
  const choosing = value.suggestions === 'choosing';
  expect(s.can({ type: 'chip.toggle', name: '人工智能' })).toBe(choosing);
  expect(s.can({ type: 'chip.toggle', name: '机器学习' })).toBe(false);
  expect(s.can({ type: 'chip.add', name: '机器学习' }), 'an attached name').toBe(false);
  expect(s.can({ type: 'chip.add', name: ' ' }), 'a blank name').toBe(false);
  expect(s.can({ type: 'attach.request' })).toBe(choosing && s.context.chosen.length > 0);
  expect(s.context.content === null).toBe(value.suggestions === 'idle');
}

function generatorOracle({ before, after, event, effects }: StepCheck<Snapshot, GeneratorEvent>) {
  expectViews(after);
  const b = before.context;
  const a = after.context;
  const contents = { type: 'fetchContents', params: { keyword: a.picker.keyword, page: a.picker.page, limit: 10 } };
  switch (event.type as string) {
    case 'xstate.init':
      return expect(effects).toEqual([{ type: 'fetchContents', params: { keyword: '', page: 1, limit: 10 } }]);
  }
  switch (event.type) {
    case 'picker.loaded':
      expect(a.picker).toMatchObject({ rows: event.rows, count: event.count, error: null });
      return expect(effects).toEqual([]);
    case 'picker.failed':
      expect(a.picker.error).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'picker.search':
      expect([a.picker.keyword, a.picker.page]).toEqual([event.keyword.trim(), 1]);
      return expect(effects).toEqual([contents]);
    case 'picker.page':
      expect(a.picker.page).toBe(Math.max(1, event.page));
      return expect(effects).toEqual([contents]);
    case 'picker.reload':
      expect(a.picker).toEqual(b.picker);
      return expect(effects).toEqual([contents]);
    case 'content.pick':
      expect(a).toMatchObject({ content: { id: event.id, title: event.title }, suggested: null, chosen: [] });
      return expect(effects).toEqual([{ type: 'fetchSuggestions', params: { contentId: event.id } }]);
    case 'suggest.loaded':
      expect([a.suggested, a.error]).toEqual([event.suggested, null]);
      return expect(effects).toEqual([]);
    case 'suggest.failed':
      expect(a.error).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'suggest.reload':
      expect(a.chosen).toEqual(b.chosen);
      return expect(effects).toEqual([{ type: 'fetchSuggestions', params: { contentId: b.content!.id } }]);
    case 'chip.toggle':
      expect(a.chosen).toEqual(b.chosen.includes(event.name) ? b.chosen.filter((n) => n !== event.name) : [...b.chosen, event.name]);
      return expect(effects).toEqual([]);
    case 'chip.add':
      expect(a.chosen).toEqual([...b.chosen, event.name.trim()]);
      return expect(effects).toEqual([]);
    case 'attach.request':
      return expect(effects).toEqual([{ type: 'attachTags', params: { contentId: b.content!.id, names: b.chosen } }]);
    case 'attach.done': {
      expect(a.chosen).toEqual([]);
      // The suggestions reload at once; the content list too, unless it is loading already.
      const reload = (before.value as { picker: string }).picker === 'loading' ? [] : [contents];
      return expect(effects).toEqual([
        { type: 'notify', params: { kind: 'success', message: event.message } },
        { type: 'fetchSuggestions', params: { contentId: b.content!.id } },
        ...reload,
      ]);
    }
    case 'attach.failed':
      expect(a.chosen).toEqual(b.chosen);
      return expect(effects).toEqual([{ type: 'notify', params: { kind: 'error', message: event.message } }]);
  }
}

describe('tag generator chart, every path of the model', () => {
  const model = createTestModel(tagGeneratorMachine, { serializeState: serializeTransition, limit: 200_000, input: { limit: 10 } });
  const facets = { 'content picker': pickerEvents, suggestions: suggestionEvents };
  for (const [facet, candidates] of Object.entries(facets)) {
    describe(facet, () => {
      for (const path of model.getShortestPaths({ events: coverage.examples((s: Snapshot) => candidates(s).filter((e) => s.can(e))) })) {
        it(describePath(path), () => walkPath(path, start, generatorOracle));
      }
    });
  }
});

describe('tag generator chart, what an editor does', () => {
  it('picks an article, chooses suggestions and a typed name, attaches them, and both lists refresh', () => {
    const { actor, take } = start();
    actor.send({ type: 'picker.loaded', rows: ROWS, count: 2 });
    actor.send({ type: 'content.pick', id: 1, title: '人工智能' });
    actor.send({ type: 'suggest.loaded', suggested: SUGGESTED });
    actor.send({ type: 'chip.toggle', name: '人工智能' });
    actor.send({ type: 'chip.add', name: ' 深度学习 ' });
    take();
    actor.send({ type: 'attach.request' });
    expect(take()).toEqual([{ type: 'attachTags', params: { contentId: 1, names: ['人工智能', '深度学习'] } }]);
    actor.send({ type: 'attach.done', message: 'Tags attached' });
    expect(take()).toEqual([
      { type: 'notify', params: { kind: 'success', message: 'Tags attached' } },
      { type: 'fetchSuggestions', params: { contentId: 1 } },
      { type: 'fetchContents', params: { keyword: '', page: 1, limit: 10 } },
    ]);
    expect(actor.getSnapshot().context.chosen).toEqual([]);
  });

  it('picking another article drops what was chosen for the first', () => {
    const { actor } = start();
    actor.send({ type: 'content.pick', id: 1, title: 'a' });
    actor.send({ type: 'suggest.loaded', suggested: SUGGESTED });
    actor.send({ type: 'chip.toggle', name: '人工智能' });
    actor.send({ type: 'content.pick', id: 2, title: 'b' });
    expect(actor.getSnapshot().context).toMatchObject({ content: { id: 2 }, chosen: [], suggested: null });
  });

  it('a failed attach keeps the choice so the editor can try again', () => {
    const { actor, take } = start();
    actor.send({ type: 'content.pick', id: 1, title: 'a' });
    actor.send({ type: 'suggest.loaded', suggested: SUGGESTED });
    actor.send({ type: 'chip.toggle', name: '人工智能' });
    actor.send({ type: 'attach.request' });
    take();
    actor.send({ type: 'attach.failed', message: 'denied' });
    expect(take()).toEqual([{ type: 'notify', params: { kind: 'error', message: 'denied' } }]);
    expect(actor.getSnapshot().context.chosen).toEqual(['人工智能']);
    expect(actor.getSnapshot().can({ type: 'attach.request' })).toBe(true);
  });
});

describe('tag generator chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
