import { describe, expect, it } from 'vitest';
import { posterEditorMachine } from '../../machines/posterEditor.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EFFECTS, poster, posterEditorModelTests, rendered } from './posterEditor.model';

const coverage = trackTransitions(posterEditorMachine);
const start = () => startRecorded(posterEditorMachine, EFFECTS, coverage, { id: 5 });

describe('poster editor chart, every path of the model', () => {
  for (const test of posterEditorModelTests(posterEditorMachine, coverage)) it(test.name, test.run);
});

describe('poster editor, what an admin does', () => {
  it('adds a text and a QR code, lays them out, and renders after saving the changes', () => {
    const { actor, take } = start();
    actor.send({ type: 'poster.loaded', poster });
    actor.send({ type: 'element.add', kind: 'text', content: '春季新品' });
    actor.send({ type: 'element.change', patch: { font_size: 60, color: '#d00000' } });
    actor.send({ type: 'element.add', kind: 'qr', content: 'https://example.com' });
    actor.send({ type: 'element.move', id: 'el2', x: 250, y: 150 });
    actor.send({ type: 'element.lower' });
    const { elements } = actor.getSnapshot().context;
    expect(elements.map((e) => [e.id, e.kind])).toEqual([
      ['el2', 'qr'],
      ['el1', 'text'],
    ]);
    expect(elements[1]).toMatchObject({ font_size: 60, color: '#d00000', text: '春季新品' });
    actor.send({ type: 'poster.render' });
    actor.send({ type: 'save.done' });
    actor.send({ type: 'render.done', rendered });
    expect(take()).toEqual([
      { type: 'loadPoster', params: { id: 5 } },
      { type: 'saveLayout', params: { id: 5, elements } },
      { type: 'renderPoster', params: { id: 5 } },
      { type: 'notify', params: { kind: 'success', message: 'posters.rendered' } },
    ]);
    expect(actor.getSnapshot().context.rendered).toEqual(rendered);
  });

  it('a layout with an empty text cannot be saved or rendered until it is filled in', () => {
    const { actor } = start();
    actor.send({ type: 'poster.loaded', poster });
    actor.send({ type: 'element.add', kind: 'text', content: 'x' });
    actor.send({ type: 'element.change', patch: { text: '' } });
    expect(actor.getSnapshot().can({ type: 'layout.save' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'poster.render' })).toBe(false);
    actor.send({ type: 'element.change', patch: { text: 'ok' } });
    expect(actor.getSnapshot().can({ type: 'poster.render' })).toBe(true);
  });

  it('new ids never repeat the loaded ones', () => {
    const { actor } = start();
    const text = { id: 'el1', kind: 'text', x: 0, y: 0, w: 100, h: 40, text: 'a', font_size: 20, color: '#000000' } as const;
    actor.send({ type: 'poster.loaded', poster: { ...poster, elements: [{ ...text, id: 'el2' }] } });
    actor.send({ type: 'element.add', kind: 'qr', content: 'q' });
    expect(actor.getSnapshot().context.elements.map((e) => e.id)).toEqual(['el2', 'el3']);
  });
});

describe('poster editor chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
