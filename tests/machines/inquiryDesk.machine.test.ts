import { describe, expect, it } from 'vitest';
import { inquiryDeskMachine } from '../../machines/inquiryDesk.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EFFECTS, inquiry, inquiryDeskModelTests, reply } from './inquiryDesk.model';

const coverage = trackTransitions(inquiryDeskMachine);
const start = () => startRecorded(inquiryDeskMachine, EFFECTS, coverage);

describe('inquiry desk chart, every path of the model', () => {
  for (const test of inquiryDeskModelTests(inquiryDeskMachine, coverage)) it(test.name, test.run);
});

describe('inquiry desk, what an admin sees', () => {
  it('opening a new inquiry leaves it new; assigning it and setting it in progress saves both and reloads the list', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(0), replies: [], subject: 'Re: hello' });
    expect(take()).toEqual([{ type: 'loadInquiry', params: { id: 7 } }]);
    actor.send({ type: 'handling.save' });
    expect(take(), 'nothing changed, nothing saved').toEqual([]);
    actor.send({ type: 'handling.edit', patch: { status: 1, assignee_id: 3, notes: 'call back on Monday' } });
    actor.send({ type: 'handling.save' });
    actor.send({ type: 'handling.saved', message: 'saved' });
    expect(take()).toEqual([
      { type: 'saveHandling', params: { id: 7, cate_id: null, status: 1, assignee_id: 3, notes: 'call back on Monday' } },
      { type: 'notify', params: { kind: 'success', message: 'saved' } },
      { type: 'listChanged', params: null },
    ]);
    expect(actor.getSnapshot().context.inquiry).toMatchObject({ status: 1, assignee_id: 3, notes: 'call back on Monday' });
  });

  it('a reply that could not be sent shows in the thread as failed and keeps the draft; a sent one clears the body', () => {
    const { actor, take } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(0), replies: [], subject: 'Re: hello' });
    actor.send({ type: 'reply.send' });
    expect(actor.getSnapshot().hasTag('sending'), 'an empty body is not sent').toBe(false);
    actor.send({ type: 'reply.edit', patch: { body: 'Thanks' } });
    actor.send({ type: 'reply.send' });
    actor.send({ type: 'reply.failed', message: 'cannot connect', replies: [reply(3, 'failed')] });
    expect(actor.getSnapshot().context.replies.map((r) => r.status)).toEqual(['failed']);
    expect(actor.getSnapshot().context.reply.body).toBe('Thanks');
    actor.send({ type: 'reply.send' });
    actor.send({ type: 'reply.sent', message: 'sent', reply: reply(4, 'sent') });
    const c = actor.getSnapshot().context;
    expect([c.replies.map((r) => r.status), c.reply.body, c.inquiry!.status]).toEqual([['failed', 'sent'], '', 1]);
    expect(take().filter((e) => e.type === 'sendReply')).toHaveLength(2);
  });

  it('an inquiry without an e-mail address cannot be replied to', () => {
    const { actor } = start();
    actor.send({ type: 'detail.open', id: 7 });
    actor.send({ type: 'detail.loaded', inquiry: inquiry(0, ''), replies: [], subject: 'Re: hello' });
    actor.send({ type: 'reply.edit', patch: { body: 'Thanks' } });
    expect(actor.getSnapshot().can({ type: 'reply.send' })).toBe(false);
  });
});

describe('inquiry desk chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
