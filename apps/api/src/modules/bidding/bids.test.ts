import {
  bids,
  depositHolds,
  eventLots,
  idempotencyKeys,
  mailOutbox,
  registrations,
  userVars,
} from '@lotline/db/schema';
import { BID_PRESETS } from '@lotline/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { DEPOSIT_LAPSED } from './place-bid';
import { bid, bidder, bidding, lotState, openLot, register, setEnds } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const outbidMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, 'You have been outbid%')));

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { errors: { code: string; message: string; field?: string }[] }).errors[0];

describe('GET …/bidding', () => {
  it('answers the contract’s shape to a visitor, without `you`', async () => {
    const { lot } = await openLot(t, { startingBid: 125_000 });
    const res = await bidding(t, lot.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      eventLotId: lot.id,
      type: 'AuctionLot',
      status: 'Active',
      currency: 'USD',
      startingBid: 125_000,
      currentBid: null,
      bidsCount: 0,
      minimumBid: 125_000,
      reserveMet: null,
    });
    expect(data.presets).toEqual([...BID_PRESETS]);
    expect(data.increments[0]).toEqual({ from: 0, increment: 500 });
    expect(Date.parse(data.serverTime)).toBeGreaterThan(0);
    expect(data.you).toBeUndefined();
  });

  it('answers the terms an order of the lot is priced with: premium, the location’s tax rate, the fees the buyer pays', async () => {
    const { event, lot } = await openLot(t, {
      event: { buyersPremiumBps: 1200 },
      lot: {
        riggingCost: 25_000,
        riggingParty: 'buyer',
        loadingCost: 5_000,
        loadingParty: 'seller',
        shippingCost: 7_500,
        shippingParty: 'buyer',
      },
    });
    const location = await t.make.location({ eventId: event.id, taxRate: 8.25 });
    await t.db.update(eventLots).set({ dispositionLocationId: location.id }).where(eq(eventLots.id, lot.id));
    const data = (await bidding(t, lot.id)).json().data;
    expect(data.terms).toEqual({
      buyersPremiumBps: 1200,
      taxRate: 8.25,
      buyerFees: [
        { kind: 'rigging', amount: 25_000 },
        { kind: 'shipping', amount: 7_500 },
      ],
    });
    // A lot with no location and an event without a premium: nothing on top.
    const { lot: bare } = await openLot(t, { event: { buyersPremiumBps: 0 } });
    expect((await bidding(t, bare.id)).json().data.terms).toEqual({ buyersPremiumBps: 0, taxRate: 0, buyerFees: [] });
  });

  it('reads the event’s increment table and the viewer’s standing', async () => {
    const table = [{ from: 0, increment: 2_000 }];
    const { event, lot } = await openLot(t, { event: { incrementTable: table } });
    const pat = await bidder(t, event.id);
    expect((await bidding(t, lot.id, pat)).json().data.you).toEqual({
      registered: true,
      biddingStatus: 'not-participated',
      maxBidAmount: null,
    });
    expect((await bid(t, pat, lot.id, { amount: 100_000, maxAmount: 150_000 })).statusCode).toBe(201);
    const data = (await bidding(t, lot.id, pat)).json().data;
    expect(data.increments).toEqual(table);
    expect(data.minimumBid).toBe(102_000);
    expect(data.you).toEqual({ registered: true, biddingStatus: 'winning', maxBidAmount: 150_000 });
  });

  it('is 404 for a lot a buyer may not see', async () => {
    const { lot } = await openLot(t, { lot: { hiddenFromMarketplace: true } });
    expect((await bidding(t, lot.id)).statusCode).toBe(404);
    expect((await bidding(t, 'no-such-lot')).statusCode).toBe(404);
  });
});

describe('POST …/bids', () => {
  it('places a first bid, then a higher maximum takes the lead and the old leader is e-mailed', async () => {
    const { event, lot } = await openLot(t);
    const ann = await bidder(t, event.id, 'Ann');
    const ben = await bidder(t, event.id, 'Ben');
    const first = await bid(t, ann, lot.id, { amount: 100_000, maxAmount: 150_000 });
    expect(first.statusCode).toBe(201);
    const placed = first.json().data;
    expect(placed.bid).toMatchObject({ amount: 100_000, maxAmount: 150_000 });
    expect(placed.lot).toMatchObject({ bidsCount: 1, currentBid: { amount: 100_000 }, minimumBid: 105_000 });
    expect(placed.lot.you.biddingStatus).toBe('winning');

    const seqAfterFirst = (await lotState(t, lot.id)).lot?.changeSeq ?? 0;
    expect(seqAfterFirst).toBeGreaterThan(0);
    const second = await bid(t, ben, lot.id, { amount: 105_000, maxAmount: 200_000 });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.lot).toMatchObject({ bidsCount: 2, currentBid: { amount: 155_000 } });
    const state = await lotState(t, lot.id);
    expect(state.lot).toMatchObject({ price: 155_000, bidsCount: 2, leader: ben.id });
    // Every accepted bid takes the next live-stream id in the same UPDATE.
    expect(state.lot?.changeSeq).toBeGreaterThan(seqAfterFirst);
    expect(state.history).toEqual([
      { userId: ann.id, kind: 'bid', amount: 100_000, maxAmount: 150_000 },
      { userId: ann.id, kind: 'auto', amount: 150_000, maxAmount: null },
      { userId: ben.id, kind: 'bid', amount: 155_000, maxAmount: 200_000 },
    ]);
    expect(state.standing.map((s) => [s.userId, s.pseudonym, s.count])).toEqual([
      [ann.id, 1, 1],
      [ben.id, 2, 1],
    ]);
    expect((await bidding(t, lot.id, ann)).json().data.you.biddingStatus).toBe('outbid');
    const [mail] = await outbidMails(ann.email);
    expect(mail?.subject).toBe(`You have been outbid on ${lot.name}`);
    expect(mail?.text).toContain('The price is now $1,550.');
    expect(mail?.text).toContain(`/marketplace/bid/lot/${lot.id}`);
  });

  it('sends no outbid e-mail to a user who turned it off', async () => {
    const { event, lot } = await openLot(t);
    const ann = await bidder(t, event.id);
    const ben = await bidder(t, event.id);
    await t.db.insert(userVars).values({ userId: ann.id, key: 'notification_settings', value: { outbid: false } });
    await bid(t, ann, lot.id, { amount: 100_000 });
    expect((await bid(t, ben, lot.id, { amount: 105_000 })).statusCode).toBe(201);
    expect(await outbidMails(ann.email)).toEqual([]);
  });

  it('refuses without a session (401) or a usable registration (NOT_REGISTERED), changing nothing', async () => {
    const { event, lot } = await openLot(t);
    expect((await bid(t, null, lot.id, { amount: 100_000 })).statusCode).toBe(401);
    const stranger = await signUpUser(t);
    const pending = await signUpUser(t);
    await register(t, pending.id, event.id, { status: 'pending' });
    const failed = await signUpUser(t);
    await register(t, failed.id, event.id, { depositStatus: 'failed', depositAmount: 50_000, depositCurrency: 'USD' });
    for (const user of [stranger, pending, failed]) {
      const res = await bid(t, user, lot.id, { amount: 100_000 });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)?.code).toBe('NOT_REGISTERED');
    }
    expect((await lotState(t, lot.id)).history).toEqual([]);
  });

  it('refuses a bidder whose deposit hold has lapsed (NOT_REGISTERED, saying so), changing nothing', async () => {
    const { event, lot } = await openLot(t);
    const lapsed = await signUpUser(t);
    const holdId = `dh_${lapsed.id}`;
    await register(t, lapsed.id, event.id, {
      depositStatus: 'held',
      depositAmount: 50_000,
      depositCurrency: 'USD',
      currentHoldId: holdId,
    });
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, lapsed.id));
    await t.db.insert(depositHolds).values({
      id: holdId,
      registrationId: reg?.id as string,
      provider: 'sandbox',
      providerHoldId: 'sh_lapsed',
      amount: 50_000,
      currency: 'USD',
      status: 'held',
      expiresAt: sql`clock_timestamp() - interval '1 minute'`,
    });
    const res = await bid(t, lapsed, lot.id, { amount: 100_000 });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'NOT_REGISTERED', message: DEPOSIT_LAPSED });
    expect((await bidding(t, lot.id, lapsed)).json().data.you.registered).toBe(false);
    expect((await lotState(t, lot.id)).history).toEqual([]);
    // The same hold still standing: the bid goes through.
    await t.db
      .update(depositHolds)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(depositHolds.id, holdId));
    expect((await bid(t, lapsed, lot.id, { amount: 100_000 })).statusCode).toBe(201);
  });

  it('refuses a bid below the minimum, naming it, and changes nothing', async () => {
    const { event, lot } = await openLot(t, { startingBid: 125_000 });
    const pat = await bidder(t, event.id);
    const before = await lotState(t, lot.id);
    const res = await bid(t, pat, lot.id, { amount: 124_999 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'BID_TOO_LOW', message: 'Your bid must be at least $1,250', field: 'amount' });
    expect(await lotState(t, lot.id)).toEqual(before);
  });

  it('refuses a leader’s maximum that does not exceed theirs (MAX_BELOW_CURRENT)', async () => {
    const { event, lot } = await openLot(t);
    const pat = await bidder(t, event.id);
    await bid(t, pat, lot.id, { amount: 100_000, maxAmount: 150_000 });
    const before = await lotState(t, lot.id);
    const res = await bid(t, pat, lot.id, { amount: 105_000, maxAmount: 140_000 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'MAX_BELOW_CURRENT', field: 'maxAmount' });
    expect(errorOf(res)?.message).toBe('Your maximum bid must be above your current maximum of $1,500');
    expect(await lotState(t, lot.id)).toEqual(before);
    const raised = await bid(t, pat, lot.id, { amount: 105_000, maxAmount: 180_000 });
    expect(raised.json().data.lot).toMatchObject({ currentBid: { amount: 100_000 }, bidsCount: 2 });
  });

  it('answers malformed bodies and keys with VALIDATION_FAILED', async () => {
    const { event, lot } = await openLot(t);
    const pat = await bidder(t, event.id);
    const cases: [unknown, string?][] = [
      [{ amount: 0 }],
      [{ amount: 100_000.5 }],
      [{ amount: '100000' }],
      [{}],
      [{ amount: 100_000, extra: 1 }],
      [{ amount: 100_000, maxAmount: 99_000 }],
      [{ amount: 100_000 }, 'k'.repeat(256)],
      [{ amount: 100_000 }, ''],
    ];
    for (const [body, key] of cases) {
      const res = await bid(t, pat, lot.id, body, key);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)?.code).toBe('VALIDATION_FAILED');
    }
    const res = await bid(t, pat, lot.id, { amount: 100_000, maxAmount: 99_000 });
    expect(errorOf(res)).toMatchObject({ field: 'maxAmount', message: 'Your maximum bid must be at least your bid.' });
    expect((await lotState(t, lot.id)).history).toEqual([]);
  });

  it('refuses a lot that is not open: ended, not started, not an auction (LOT_NOT_OPEN)', async () => {
    const { event, lot } = await openLot(t);
    const pat = await bidder(t, event.id);
    const future = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      startAt: new Date(Date.now() + 3_600_000),
      endedAt: new Date(Date.now() + 7_200_000),
      startingBid: 100_000,
    });
    const buyNow = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      type: 'BuyItNowItem',
      endedAt: new Date(Date.now() + 7_200_000),
      startingBid: 100_000,
    });
    await setEnds(t, lot.id, 0);
    for (const id of [lot.id, future.id, buyNow.id]) {
      const res = await bid(t, pat, id, { amount: 100_000 });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)?.code).toBe('LOT_NOT_OPEN');
    }
  });

  it('keeps history append-only: the database refuses UPDATE and DELETE of a bid', async () => {
    const { event, lot } = await openLot(t);
    await bid(t, await bidder(t, event.id), lot.id, { amount: 100_000 });
    await expect(t.db.update(bids).set({ amount: 1 }).where(eq(bids.lotId, lot.id))).rejects.toThrow();
    await expect(t.db.delete(bids).where(eq(bids.lotId, lot.id))).rejects.toThrow();
    expect((await lotState(t, lot.id)).history).toHaveLength(1);
  });
});

describe('soft close (BIDDING §5)', () => {
  const endOf = async (lotId: string) => (await lotState(t, lotId)).lot?.endedAt?.getTime() ?? 0;
  const dbNow = async () => {
    const result = await t.db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as now`);
    return Number((result as unknown as { rows: { now: number }[] }).rows[0]?.now);
  };

  it('extends a lot bid on within the window to bid time + extension; a refused bid does not', async () => {
    const { event, lot } = await openLot(t);
    const pat = await bidder(t, event.id);
    await setEnds(t, lot.id, 60_000);
    const before = await endOf(lot.id);
    expect((await bid(t, pat, lot.id, { amount: 1 })).statusCode).toBe(409);
    expect(await endOf(lot.id)).toBe(before);
    const res = await bid(t, pat, lot.id, { amount: 100_000 });
    const now = await dbNow();
    const extended = await endOf(lot.id);
    expect(extended).toBeGreaterThan(before);
    expect(Math.abs(extended - (now + 120_000))).toBeLessThan(5_000);
    expect(res.json().data.lot.endedAt).toBe(new Date(extended).toISOString());
  });

  it('does not extend a lot bid on outside the window, and never past the scheduled end + cap', async () => {
    const { event, lot } = await openLot(t, { event: { softCloseCapSeconds: 90 } });
    const pat = await bidder(t, event.id);
    await setEnds(t, lot.id, 600_000);
    const far = await endOf(lot.id);
    await bid(t, pat, lot.id, { amount: 100_000 });
    expect(await endOf(lot.id)).toBe(far);
    // Already extended to 30 s from now; the scheduled end was 30 s ago: the cap is scheduled + 90 s = now + 60 s.
    await setEnds(t, lot.id, 30_000, -30_000);
    const ben = await bidder(t, event.id);
    await bid(t, ben, lot.id, { amount: 105_000 });
    const capped = await endOf(lot.id);
    const now = await dbNow();
    expect(Math.abs(capped - (now + 60_000))).toBeLessThan(5_000);
  });
});

describe('soft close without a scheduled end', () => {
  it('pins the scheduled end to the end before the first extension, so the cap does not move', async () => {
    const { event, lot } = await openLot(t, { event: { softCloseCapSeconds: 150 } });
    await setEnds(t, lot.id, 60_000);
    await t.db.update(eventLots).set({ scheduledEndAt: null }).where(eq(eventLots.id, lot.id));
    const original = (await lotState(t, lot.id)).lot?.endedAt?.getTime() ?? 0;
    await bid(t, await bidder(t, event.id), lot.id, { amount: 100_000 });
    const after = (await lotState(t, lot.id)).lot;
    expect(after?.scheduledEndAt?.getTime()).toBe(original);
    expect(after?.endedAt?.getTime()).toBeGreaterThan(original);
    expect(after?.endedAt?.getTime()).toBeLessThanOrEqual(original + 150_000);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and changes nothing; another body is IDEMPOTENCY_KEY_REUSED', async () => {
    const { event, lot } = await openLot(t);
    const pat = await bidder(t, event.id);
    const first = await bid(t, pat, lot.id, { amount: 100_000 }, 'key-1');
    const retry = await bid(t, pat, lot.id, { amount: 100_000 }, 'key-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await lotState(t, lot.id)).lot?.bidsCount).toBe(1);
    const other = await bid(t, pat, lot.id, { amount: 110_000 }, 'key-1');
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await lotState(t, lot.id)).history).toHaveLength(1);
  });

  it('remembers a refusal too, and keys are per user', async () => {
    const { event, lot } = await openLot(t);
    const ann = await bidder(t, event.id);
    const ben = await bidder(t, event.id);
    const refused = await bid(t, ann, lot.id, { amount: 1 }, 'same');
    expect(refused.statusCode).toBe(409);
    expect((await bid(t, ann, lot.id, { amount: 1 }, 'same')).json()).toEqual(refused.json());
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ann.id));
    expect(stored?.responseStatus).toBe(409);
    expect((await bid(t, ben, lot.id, { amount: 100_000 }, 'same')).statusCode).toBe(201);
  });

  it('answers concurrent duplicates once', async () => {
    const { event, lot } = await openLot(t);
    const pat = await bidder(t, event.id);
    const answers = await Promise.all([1, 2, 3].map(() => bid(t, pat, lot.id, { amount: 100_000 }, 'dup')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [row] = await t.db.select({ n: eventLots.bidsCount }).from(eventLots).where(eq(eventLots.id, lot.id));
    expect(row?.n).toBe(1);
  });
});
