import { eventLots, events, mailOutbox, orderPayments, orders, registrations, users } from '@lotline/db/schema';
import { and, eq, like } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { readOwnTender } from '../bidding/sealed-tenders';
import { biddingPath } from '../bidding/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { sellerOf } from '../messaging/test-helpers';
import { settleDeposits } from '../registrations/settle-deposits';
import { bidder, jobDeps, register as registerWithDeposit } from '../registrations/test-helpers';
import { expireTenderAwards } from './expire-tender-awards';
import {
  agedClose,
  award,
  closeTenderLot,
  putTender,
  readJson,
  SELLER_TENDERS_URL,
  tenderer,
  tenderScene,
  tenderUrl,
} from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) => (res.json() as { errors: { code: string }[] }).errors[0]?.code;
const lotRow = async (id: string) => (await t.db.select().from(eventLots).where(eq(eventLots.id, id)))[0];
const ordersOf = (lotId: string) => t.db.select().from(orders).where(eq(orders.soleLotId, lotId));
const mailsTo = (to: string, subject: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `${subject}%`)));
const ownOutcome = async (lotId: string, userId: string) => (await readOwnTender(t.db, lotId, userId))?.outcome;
const statusOf = async (lotId: string, user: { cookie: string }) =>
  (await readJson(t, biddingPath(lotId), user as never)).json().data.you.biddingStatus;

/** A tender lot with two tenders in (pat $15,000.00, kim $12,000.00). */
async function tendered() {
  const scene = await tenderScene(t);
  const pat = await tenderer(t, scene.event.id);
  const kim = await tenderer(t, scene.event.id);
  expect((await putTender(t, pat, scene.lot.id, { amount: 1_500_000 })).statusCode).toBe(200);
  expect((await putTender(t, kim, scene.lot.id, { amount: 1_200_000 })).statusCode).toBe(200);
  return { ...scene, pat, kim };
}

const sellerLot = async (seller: { cookie: string }, lotId: string) =>
  (await readJson(t, SELLER_TENDERS_URL, seller as never))
    .json()
    .data.lots.find((l: { eventLotId: string }) => l.eventLotId === lotId);

describe('the seller’s tender list', () => {
  it('shows only the count before the close and every tender after it; 403 for a non-seller, 401 signed out', async () => {
    const { lot, seller, pat } = await tendered();
    const open = await sellerLot(seller, lot.id);
    expect(open).toMatchObject({ phase: 'open', tendersCount: 2, tenders: [], closedAt: null, awardBy: null });
    await closeTenderLot(t, lot.id);
    const closed = await sellerLot(seller, lot.id);
    expect(closed.phase).toBe('awaiting-award');
    expect(Date.parse(closed.awardBy) - Date.parse(closed.closedAt)).toBe(5 * 86_400_000);
    expect(closed.tenders.map((x: { amount: number }) => x.amount)).toEqual([1_500_000, 1_200_000]);
    expect(closed.tenders[0]).toMatchObject({ bidderName: 'Pat Buyer', outcome: null });
    expect((await readJson(t, SELLER_TENDERS_URL, pat)).statusCode).toBe(403);
    expect((await readJson(t, SELLER_TENDERS_URL)).statusCode).toBe(401);
    // Another company's seller does not see the lot.
    const stranger = await sellerOf(t, (await t.make.company()).id);
    expect(await sellerLot(stranger, lot.id)).toBeUndefined();
  });
});

describe('POST …/seller/lots/{id}/award', () => {
  it('awards one tender: the lot sells, a tender order at its amount is created and charged, every tenderer is told', async () => {
    const { lot, seller, pat, kim } = await tendered();
    await closeTenderLot(t, lot.id);
    const { tenders } = await sellerLot(seller, lot.id);
    const res = await award(t, seller, lot.id, tenders[0].id);
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(lot.id);
    expect(res.json().data).toEqual({
      eventLotId: lot.id,
      status: 'OrderPending',
      awardedTenderId: tenders[0].id,
      orderId: order?.id,
    });
    expect(order).toMatchObject({
      source: 'tender',
      buyerUserId: pat.id,
      subtotal: 1_500_000,
      tenderId: tenders[0].id,
    });
    // Charged once after the commit on pat's default card: paid, and the lot follows.
    expect(order?.status).toBe('OrderPaid');
    expect((await lotRow(lot.id))?.status).toBe('OrderPaid');
    expect(await ownOutcome(lot.id, pat.id)).toBe('awarded');
    expect(await ownOutcome(lot.id, kim.id)).toBe('not-awarded');
    expect((await mailsTo(pat.email, 'Your tender on'))[1]?.text).toMatch(/awarded .* your tender of \$15,000\.00/);
    const notAwarded = await mailsTo(kim.email, 'Your tender on Sealed CNC lathe was not accepted');
    expect(notAwarded).toHaveLength(1);
    expect(notAwarded[0]?.text).toContain('$12,000.00');
    expect(notAwarded[0]?.text).not.toContain('$15,000.00');
    expect(await statusOf(lot.id, pat)).toBe('won');
    expect(await statusOf(lot.id, kim)).toBe('lost');
    expect((await readJson(t, tenderUrl(lot.id), kim)).json().data.tender.outcome).toBe('not-awarded');
    expect((await sellerLot(seller, lot.id)).phase).toBe('decided');

    // Twice: 409, nothing more.
    const again = await award(t, seller, lot.id, tenders[1].id);
    expect(again.statusCode).toBe(409);
    expect(await ordersOf(lot.id)).toHaveLength(1);
    expect(await mailsTo(kim.email, 'Your tender on Sealed CNC lathe was not accepted')).toHaveLength(1);
  });

  it('a tender deposit stands until the award and is applied to the tender order; the others are released then', async () => {
    const scene = await tenderScene(t, { bidDepositAmount: 50_000, bidDepositCurrency: 'USD' });
    // Registered through the route, so each deposit is a real sandbox hold.
    const [pat, kim] = [await bidder(t, scene.event.id), await bidder(t, scene.event.id)];
    for (const who of [pat, kim]) expect((await registerWithDeposit(t, who, scene.event.id)).statusCode).toBe(201);
    expect((await putTender(t, pat, scene.lot.id, { amount: 1_500_000 })).statusCode).toBe(200);
    expect((await putTender(t, kim, scene.lot.id, { amount: 1_200_000 })).statusCode).toBe(200);
    await closeTenderLot(t, scene.lot.id);
    await t.db.update(events).set({ status: 'finalized' }).where(eq(events.id, scene.event.id));
    // The event is over but the award is not: every tenderer's deposit still stands.
    expect(await settleDeposits(jobDeps(t))).toEqual({ applied: 0, released: 0, kept: 2 });

    const { tenders } = await sellerLot(scene.seller, scene.lot.id);
    expect((await award(t, scene.seller, scene.lot.id, tenders[0].id)).statusCode).toBe(200);
    const [order] = await ordersOf(scene.lot.id);
    expect(order).toMatchObject({ buyerUserId: pat.id, depositApplied: 50_000, status: 'OrderPaid' });
    const payments = await t.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order?.id ?? ''));
    expect(payments.map((p) => [p.kind, p.status, p.amount]).sort()).toEqual(
      [
        ['charge', 'succeeded', (order?.total ?? 0) - 50_000],
        ['deposit-capture', 'succeeded', 50_000],
      ].sort(),
    );
    expect(await settleDeposits(jobDeps(t))).toEqual({ applied: 0, released: 1, kept: 0 });
    const depositOf = async (userId: string) =>
      (await t.db.select().from(registrations).where(eq(registrations.userId, userId)))[0]?.depositStatus;
    expect(await depositOf(pat.id)).toBe('applied');
    expect(await depositOf(kim.id)).toBe('released');
  });

  it('awards none: the lot is unsold and every tenderer is told not awarded', async () => {
    const { lot, seller, pat, kim } = await tendered();
    await closeTenderLot(t, lot.id);
    const res = await award(t, seller, lot.id, null);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Unsold', awardedTenderId: null, orderId: null });
    expect((await lotRow(lot.id))?.status).toBe('Unsold');
    expect(await ordersOf(lot.id)).toHaveLength(0);
    for (const who of [pat, kim]) {
      expect(await ownOutcome(lot.id, who.id)).toBe('not-awarded');
      expect(await mailsTo(who.email, 'Your tender on Sealed CNC lathe was not accepted')).toHaveLength(1);
      expect(await statusOf(lot.id, who)).toBe('lost');
    }
  });

  it('refuses before the close (409), another company (403), a buyer (403), a foreign tender (404), after the window (409)', async () => {
    const { lot, seller, pat } = await tendered();
    const before = await award(t, seller, lot.id, null);
    expect(before.statusCode).toBe(409);
    expect((await lotRow(lot.id))?.status).toBe('Active');
    await closeTenderLot(t, lot.id);
    const stranger = await sellerOf(t, (await t.make.company()).id);
    expect((await award(t, stranger, lot.id, null)).statusCode).toBe(403);
    expect((await award(t, pat, lot.id, null)).statusCode).toBe(403);
    expect((await award(t, null, lot.id, null)).statusCode).toBe(401);
    const elsewhere = await tendered();
    await closeTenderLot(t, elsewhere.lot.id);
    const [foreign] = (await sellerLot(elsewhere.seller, elsewhere.lot.id)).tenders;
    expect((await award(t, seller, lot.id, foreign.id)).statusCode).toBe(404);
    await agedClose(t, lot.id, 5);
    const late = await award(t, seller, lot.id, null);
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('CONFLICT');
    expect((await lotRow(lot.id))?.status).toBe('Ended');
    expect(await ownOutcome(lot.id, pat.id)).toBeNull();
    expect((await award(t, seller, 'no-such-lot', null)).statusCode).toBe(404);
  });

  it('is 400 for a bad body', async () => {
    const { lot, seller } = await tendered();
    for (const body of [{}, { tenderId: 5 }, { tenderId: '' }, { tenderId: null, x: 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/marketplace-api/seller/lots/${lot.id}/award`,
        headers: { origin: 'http://localhost:3000', cookie: seller.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('expire-tender-awards', () => {
  it('decides a lot whose window passed as none (Unsold, everyone told), and leaves one still in its window', async () => {
    const late = await tendered();
    const timely = await tendered();
    await closeTenderLot(t, late.lot.id);
    await closeTenderLot(t, timely.lot.id);
    await agedClose(t, late.lot.id, 5);
    await agedClose(t, timely.lot.id, 4);
    const deps = {
      db: t.db,
      mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
      publicOrigin: 'http://localhost:3000',
    };
    const changed = await expireTenderAwards(deps);
    expect(changed).toContain(late.lot.id);
    expect(changed).not.toContain(timely.lot.id);
    expect((await lotRow(late.lot.id))?.status).toBe('Unsold');
    expect((await lotRow(timely.lot.id))?.status).toBe('Ended');
    expect(await ownOutcome(late.lot.id, late.pat.id)).toBe('not-awarded');
    expect(await mailsTo(late.kim.email, 'Your tender on Sealed CNC lathe was not accepted')).toHaveLength(1);
    expect(await expireTenderAwards(deps)).not.toContain(late.lot.id);
    expect(await mailsTo(late.kim.email, 'Your tender on Sealed CNC lathe was not accepted')).toHaveLength(1);
  });
});

describe('My Bids and the bidder rows list tender lots', () => {
  const myBids = async (user: { id: string; cookie: string }, reader = user, query = '') =>
    (await readJson(t, `/marketplace-api/users/${user.id}/bids${query}`, reader as never)).json().data;
  const bidderRow = async (user: { id: string }, lotId: string, reader: { cookie: string }) =>
    (await readJson(t, `/marketplace/api/event/users/${user.id}/bidders?eventLotId=${lotId}`, reader as never)).json()
      .data.bidders[0];

  it('the tenderer reads their amount at once; an admin reads it only after the close; the award decides won and lost', async () => {
    const { lot, seller, pat, kim } = await tendered();
    const admin = await tenderer(t, (await t.make.event()).id);
    await t.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.id));
    const own = await bidderRow(pat, lot.id, pat);
    expect(own).toEqual({
      _id: `${lot.id}:${pat.id}`,
      eventLotId: lot.id,
      userId: pat.id,
      biddingStatus: 'bid-placed',
      lastBidAmount: 1_500_000,
      bidsCount: 1,
    });
    const mine = await myBids(pat);
    expect(mine.bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual([lot.id]);
    expect(mine.bidders[0].eventLot).toMatchObject({ _id: lot.id, type: 'TenderLot' });
    // Sealed to anyone else before the close, an admin included.
    expect(await bidderRow(pat, lot.id, admin)).toMatchObject({ biddingStatus: 'bid-placed', lastBidAmount: null });
    expect((await myBids(kim, admin)).bidders[0]).toMatchObject({ eventLotId: lot.id, lastBidAmount: null });
    // The status filter counts tenders too.
    expect((await myBids(pat, pat, '?biddingStatus=bid-placed')).pagination.totalItems).toBe(1);
    expect((await myBids(pat, pat, '?biddingStatus=winning')).pagination.totalItems).toBe(0);

    await closeTenderLot(t, lot.id);
    expect(await bidderRow(pat, lot.id, admin)).toMatchObject({ biddingStatus: 'bidded', lastBidAmount: 1_500_000 });
    const { tenders } = await sellerLot(seller, lot.id);
    expect((await award(t, seller, lot.id, tenders[0].id)).statusCode).toBe(200);
    expect(await bidderRow(pat, lot.id, pat)).toMatchObject({ biddingStatus: 'won', lastBidAmount: 1_500_000 });
    expect(await bidderRow(kim, lot.id, kim)).toMatchObject({ biddingStatus: 'lost', lastBidAmount: 1_200_000 });
    expect(
      (await myBids(kim, kim, '?biddingStatus=lost')).bidders.map((b: { eventLotId: string }) => b.eventLotId),
    ).toEqual([lot.id]);
  });
});
