import { describe, expect, it } from 'vitest';
import { inquiryDeskMachine } from '../../machines/inquiryDesk.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EFFECTS, inquiry, inquiryDeskModelTests } from './inquiryDesk.model';

const coverage = trackTransitions(inquiryDeskMachine);
const start = () => startRecorded(inquiryDeskMachine, EFFECTS, coverage);

describe('inquiry desk chart, every path of the model', () => {
  for (const test of inquiryDeskModelTests(inquiryDeskMachine, coverage)) it(test.name, test.run);
});

describe('inquiry desk, what an admin sees', () => {
  it('opening an unread inquiry marks it read quietly; marking it handled says so and reloads the list', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(0) });
    expect(take()).toEqual([
      { type: 'loadInquiry', params: { id: 7 } },
      { type: 'setStatus', params: { ids: [7], status: 1 } },
    ]);
    actor.send({ type: 'status.done', message: 'saved' });
    expect(actor.getSnapshot().context.inquiry!.status).toBe(1);
    expect(take()).toEqual([{ type: 'listChanged', params: null }]);
    actor.send({ type: 'status.set', ids: [7], status: 2 });
    actor.send({ type: 'status.done', message: 'saved' });
    expect(actor.getSnapshot().context.inquiry!.status).toBe(2);
    expect(take()).toEqual([
      { type: 'setStatus', params: { ids: [7], status: 2 } },
      { type: 'notify', params: { kind: 'success', message: 'saved' } },
      { type: 'listChanged', params: null },
    ]);
  });

  it('marking the status it already has does nothing', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(2) });
    take();
    actor.send({ type: 'status.set', ids: [7], status: 2 });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});

describe('inquiry desk chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
