import { idempotencyKeys, mailOutbox, userVars } from '@lotline/db/schema';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { createMailer } from '../mail/mailer';
import { type PlaceBidInput, placeBid } from './place-bid';
import { bidder, lotState, openLot, setEnds } from './test-helpers';

/**
 * Decision 0042: the bids that queue for a lot while one is placed are
 * decided together in the next transaction. Sent at once through the
 * use-case (so they surely share a batch): the first runs alone, the others
 * form one batch, each decided in its order of arrival.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeOf = (body: unknown) => (body as { errors?: { code: string }[] }).errors?.[0]?.code;
const send = (inputs: PlaceBidInput[]) => Promise.all(inputs.map((input) => placeBid(t.db, input)));

describe('a batch of bids on one lot', () => {
  it('decides each in order: newcomers take the next pseudonyms, the lot and the history are one-by-one', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const [ann, ben, cy] = await Promise.all([bidder(t, event.id), bidder(t, event.id), bidder(t, event.id)]);
    if (!ann || !ben || !cy) throw new Error('no bidders');
    const at = (userId: string, amount: number, maxAmount?: number): PlaceBidInput => ({
      userId,
      lotId: lot.id,
      body: maxAmount === undefined ? { amount } : { amount, maxAmount },
      idempotencyKey: undefined,
    });
    const answers = await send([
      at(ann.id, 100_000, 150_000),
      at(ben.id, 110_000),
      at(cy.id, 120_000, 200_000),
      at(ben.id, 105_000),
      at(ann.id, 160_000, 170_000),
    ]);
    expect(answers.map((a) => a.answer.status)).toEqual([201, 201, 201, 409, 201]);
    expect(codeOf(answers[3]?.answer.body)).toBe('BID_TOO_LOW');
    const { lot: after, history, standing } = await lotState(t, lot.id);
    // Default increments ($50 from $1,000). Ann leads at $1,000 up to $1,500; Ben's $1,100 is answered at $1,150;
    // Cy takes the lead at $1,550 (Ann bid up to her $1,500 first); Ben's $1,050 is too low; Ann's $1,600 (max
    // $1,700) counts at her maximum and Cy answers at $1,750.
    expect(history.map((h) => [h.kind, h.amount])).toEqual([
      ['bid', 100_000],
      ['bid', 110_000],
      ['auto', 115_000],
      ['auto', 150_000],
      ['bid', 155_000],
      ['bid', 170_000],
      ['auto', 175_000],
    ]);
    expect(after).toMatchObject({ price: 175_000, bidsCount: 4, leader: cy.id });
    expect(standing.map((s) => [s.userId, s.pseudonym, s.max, s.count])).toEqual([
      [ann.id, 1, 170_000, 2],
      [ben.id, 2, 110_000, 1],
      [cy.id, 3, 200_000, 1],
    ]);
    // Each answer is the lot as that bid left it.
    const prices = answers.map((a) => (a.answer.body as { data?: { lot: { currentBid: { amount: number } } } }).data);
    expect(prices.map((d) => d?.lot.currentBid.amount)).toEqual([100_000, 115_000, 155_000, undefined, 175_000]);
    // The live stream is told once per transaction: the first bid's, and the batch's last placed bid.
    expect(answers.map((a) => a.effects?.publish)).toEqual([true, false, false, undefined, true]);
    // Who lost the lead to whom, bid by bid: Ben never led, Ann lost it to Cy.
    expect(answers.map((a) => a.effects?.outbidUserId ?? null)).toEqual([null, null, ann.id, null, null]);
  });

  it('stores each outbid mail with the batch, for bids that ask to notify and bidders who want it', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const [ann, ben, cy] = await Promise.all([bidder(t, event.id), bidder(t, event.id), bidder(t, event.id)]);
    if (!ann || !ben || !cy) throw new Error('no bidders');
    await t.db.insert(userVars).values({ userId: ben.id, key: 'notification_settings', value: { outbid: false } });
    const mailer = createMailer({ db: t.db, smtpUrl: undefined, log: t.app.log });
    const notify = { mailer, publicOrigin: 'https://lotline.example' };
    const at = (userId: string, amount: number, asks = true): PlaceBidInput => ({
      userId,
      lotId: lot.id,
      body: { amount },
      idempotencyKey: undefined,
      ...(asks ? { notify } : {}),
    });
    // Ann leads; Ben takes the lead (Ann mailed); Cy takes it (Ben wants no mail); Ann takes it back without
    // asking to notify (Cy not mailed); Ben takes it (Ann mailed again).
    await send([
      at(ann.id, 100_000),
      at(ben.id, 110_000),
      at(cy.id, 120_000),
      at(ann.id, 130_000, false),
      at(ben.id, 140_000),
    ]);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `You have been outbid on ${lot.name}%`));
    expect(mails.map((m) => m.to).sort()).toEqual([ann.email, ann.email]);
    expect(mails[0]?.text).toContain(`https://lotline.example/marketplace/bid/`);
  });

  it('refuses an unregistered bidder in the batch and places the others', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const ann = await bidder(t, event.id);
    const stranger = await signUpUser(t, { name: 'Not Registered' });
    const answers = await send(
      [ann.id, stranger.id, ann.id].map((userId, i) => ({
        userId,
        lotId: lot.id,
        body: { amount: 100_000 + i * 50_000 },
        idempotencyKey: undefined,
      })),
    );
    expect(answers.map((a) => a.answer.status)).toEqual([201, 403, 201]);
    expect(codeOf(answers[1]?.answer.body)).toBe('NOT_REGISTERED');
    expect((await lotState(t, lot.id)).lot).toMatchObject({ bidsCount: 2, leader: ann.id });
  });

  it('answers a key sent twice in one batch once (the same body) or as IDEMPOTENCY_KEY_REUSED (another)', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const ann = await bidder(t, event.id);
    const keyed = (amount: number, key: string): PlaceBidInput => ({
      userId: ann.id,
      lotId: lot.id,
      body: { amount },
      idempotencyKey: key,
    });
    const settled = await Promise.allSettled(
      [keyed(100_000, 'first'), keyed(200_000, 'k'), keyed(200_000, 'k'), keyed(300_000, 'k')].map((input) =>
        placeBid(t.db, input),
      ),
    );
    const [, one, same, other] = settled;
    expect(one?.status === 'fulfilled' && one.value.answer.status).toBe(201);
    expect(same?.status === 'fulfilled' && same.value.answer.body).toEqual(
      one?.status === 'fulfilled' && one.value.answer.body,
    );
    expect(same?.status === 'fulfilled' && same.value.effects).toBeUndefined();
    expect(other?.status === 'rejected' && (other.reason as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await lotState(t, lot.id)).lot?.bidsCount).toBe(2);
  });

  it('remembers a keyed refusal of a batch, so its retry answers it though the bid would now pass', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const [ann, ben] = await Promise.all([bidder(t, event.id), bidder(t, event.id)]);
    const first = await send([
      { userId: ann.id, lotId: lot.id, body: { amount: 100_000 }, idempotencyKey: undefined },
      { userId: ben.id, lotId: lot.id, body: { amount: 150_000 }, idempotencyKey: undefined },
      { userId: ann.id, lotId: lot.id, body: { amount: 120_000 }, idempotencyKey: 'late' },
    ]);
    expect(codeOf(first[2]?.answer.body)).toBe('BID_TOO_LOW');
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ann.id));
    expect(stored?.responseStatus).toBe(409);
    const retry = await placeBid(t.db, {
      userId: ann.id,
      lotId: lot.id,
      body: { amount: 120_000 },
      idempotencyKey: 'late',
    });
    expect(retry.answer).toEqual(first[2]?.answer);
    expect((await lotState(t, lot.id)).lot?.bidsCount).toBe(2);
  });

  it('answers each copy of a key stored before the batch by its own body', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const ann = await bidder(t, event.id);
    const keyed = (amount: number): PlaceBidInput => ({
      userId: ann.id,
      lotId: lot.id,
      body: { amount },
      idempotencyKey: 'stored',
    });
    const first = await placeBid(t.db, keyed(100_000));
    expect(first.answer.status).toBe(201);
    const settled = await Promise.allSettled(
      [keyed(100_000), keyed(200_000), keyed(100_000), keyed(200_000)].map((i) => placeBid(t.db, i)),
    );
    expect(
      settled.map((r) => (r.status === 'fulfilled' ? r.value.answer.status : (r.reason as { code: string }).code)),
    ).toEqual([201, 'IDEMPOTENCY_KEY_REUSED', 201, 'IDEMPOTENCY_KEY_REUSED']);
    for (const r of settled) if (r.status === 'fulfilled') expect(r.value.answer).toEqual(first.answer);
    expect((await lotState(t, lot.id)).lot?.bidsCount).toBe(1);
  });

  it('refuses every bid of a batch that takes the lock after the end, and remembers it under their keys', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const [ann, ben] = await Promise.all([bidder(t, event.id), bidder(t, event.id)]);
    await setEnds(t, lot.id, -1_000);
    const inputs = [ann, ben, ann].map(
      (who, i): PlaceBidInput => ({
        userId: who.id,
        lotId: lot.id,
        body: { amount: 100_000 + i * 10_000 },
        idempotencyKey: `late-${i}`,
      }),
    );
    const answers = await send(inputs);
    expect(answers.map((a) => codeOf(a.answer.body))).toEqual(['LOT_NOT_OPEN', 'LOT_NOT_OPEN', 'LOT_NOT_OPEN']);
    await setEnds(t, lot.id, 3_600_000);
    // Reopened, the same keys still answer the refusal: nothing is placed twice or late.
    const retries = await send(inputs);
    expect(retries.map((a) => a.answer)).toEqual(answers.map((a) => a.answer));
    expect((await lotState(t, lot.id)).lot?.bidsCount).toBe(0);
  });
});
