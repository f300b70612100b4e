import { eventLots, mailOutbox, orders, users } from '@lotline/db/schema';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { readOwnTender } from '../bidding/sealed-tenders';
import { biddingPath } from '../bidding/test-helpers';
import { signUpUser } from '../identity/test-helpers';
import { closeTenderLot, putTender, readJson, tenderer, tenderScene, tenderUrl } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) => (res.json() as { errors: { code: string }[] }).errors[0]?.code;
const mailsTo = (to: string, subject: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `${subject}%`)));
const statusOf = async (lotId: string, user: { cookie: string }) =>
  (await readJson(t, biddingPath(lotId), user as never)).json().data.you.biddingStatus;

describe('PUT …/tender', () => {
  it('stores one tender per bidder, replaced until the close; the tenderer alone is mailed, without the amount', async () => {
    const { event, lot } = await tenderScene(t);
    const pat = await tenderer(t, event.id);
    const other = await tenderer(t, event.id);
    const first = await putTender(t, pat, lot.id, { amount: 1_234_500 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.tender).toMatchObject({ amount: 1_234_500 });
    expect(Date.parse(first.json().data.tender.updatedAt)).toBeGreaterThan(0);
    const second = await putTender(t, pat, lot.id, { amount: 1_300_000 });
    expect(second.json().data.tender.amount).toBe(1_300_000);
    expect((await readOwnTender(t.db, lot.id, pat.id))?.amount).toBe(1_300_000);

    // Mailed a receipt each time, naming no amount before the close (decision 0070; the outcome mails name it).
    const mails = await mailsTo(pat.email, 'Your tender on');
    expect(mails.map((m) => m.text)).toEqual([
      expect.stringContaining('We received your sealed tender on'),
      expect.stringContaining('We received your new sealed tender on'),
    ]);
    for (const m of mails) expect(`${m.subject}${m.text}${m.html}`).not.toMatch(/12,345|13,000/);
    expect(await mailsTo(other.email, 'Your tender on')).toHaveLength(0);

    // Each reads only their own: pat sees theirs, the other bidder null.
    expect((await readJson(t, tenderUrl(lot.id), pat)).json().data.tender).toMatchObject({
      amount: 1_300_000,
      outcome: null,
    });
    expect((await readJson(t, tenderUrl(lot.id), other)).json().data.tender).toBeNull();
    expect((await readJson(t, tenderUrl(lot.id))).statusCode).toBe(401);
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key with another body', async () => {
    const { event, lot } = await tenderScene(t);
    const pat = await tenderer(t, event.id);
    const a = await putTender(t, pat, lot.id, { amount: 50_000 }, 'key-1');
    const b = await putTender(t, pat, lot.id, { amount: 50_000 }, 'key-1');
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await mailsTo(pat.email, 'Your tender on')).toHaveLength(1);
    const c = await putTender(t, pat, lot.id, { amount: 60_000 }, 'key-1');
    expect(c.statusCode).toBe(409);
    expect((await readOwnTender(t.db, lot.id, pat.id))?.amount).toBe(50_000);
  });

  it('refuses a visitor (401), the unverified (403) and the unregistered (403), changing nothing', async () => {
    const { event, lot } = await tenderScene(t);
    expect((await putTender(t, null, lot.id, { amount: 10_000 })).statusCode).toBe(401);
    const unverified = await tenderer(t, event.id);
    await t.db.update(users).set({ verified: false }).where(eq(users.id, unverified.id));
    const refused = await putTender(t, unverified, lot.id, { amount: 10_000 });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('NOT_VERIFIED');
    const stranger = { ...(await signUpUser(t)), email: '' };
    await t.db.update(users).set({ verified: true }).where(eq(users.id, stranger.id));
    const unregistered = await putTender(t, stranger, lot.id, { amount: 10_000 });
    expect(unregistered.statusCode).toBe(403);
    expect(codeOf(unregistered)).toBe('NOT_REGISTERED');
    expect(await readOwnTender(t.db, lot.id, unverified.id)).toBeNull();
    expect(await readOwnTender(t.db, lot.id, stranger.id)).toBeNull();
  });

  it('is 400 for a bad amount, 404 for an unknown lot, 409 LOT_NOT_OPEN for an auction lot', async () => {
    const { event, lot } = await tenderScene(t);
    const pat = await tenderer(t, event.id);
    for (const body of [{ amount: 0 }, { amount: -5 }, { amount: 12.5 }, { amount: '100' }, {}, { amount: 1, x: 1 }]) {
      const res = await putTender(t, pat, lot.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect((await putTender(t, pat, 'no-such-lot', { amount: 100 })).statusCode).toBe(404);
    const auctionLot = await t.make.lot({
      companyId: event.companyId,
      eventId: event.id,
      startAt: new Date(Date.now() - 60_000),
      endedAt: new Date(Date.now() + 3_600_000),
    });
    const res = await putTender(t, pat, auctionLot.id, { amount: 100 });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('LOT_NOT_OPEN');
    expect(await readOwnTender(t.db, lot.id, pat.id)).toBeNull();
  });

  it('refuses a tender after the end (database clock) with 409, keeping the one in', async () => {
    const { event, lot } = await tenderScene(t);
    const pat = await tenderer(t, event.id);
    await putTender(t, pat, lot.id, { amount: 70_000 });
    await t.db
      .update(eventLots)
      .set({ endedAt: new Date(Date.now() - 1_000) })
      .where(eq(eventLots.id, lot.id));
    const late = await putTender(t, pat, lot.id, { amount: 90_000 });
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('LOT_NOT_OPEN');
    await closeTenderLot(t, lot.id);
    expect((await putTender(t, pat, lot.id, { amount: 90_000 })).statusCode).toBe(409);
    expect((await readOwnTender(t.db, lot.id, pat.id))?.amount).toBe(70_000);
  });
});

describe('bidding status of a tender lot (BIDDING §4)', () => {
  it('is bid-placed while open with a tender in, bidded after the close, not-participated without one', async () => {
    const { event, lot } = await tenderScene(t);
    const pat = await tenderer(t, event.id);
    const idle = await tenderer(t, event.id);
    await putTender(t, pat, lot.id, { amount: 70_000 });
    const you = (await readJson(t, biddingPath(lot.id), pat)).json().data.you;
    expect(you).toEqual({ registered: true, biddingStatus: 'bid-placed', maxBidAmount: null });
    expect(await statusOf(lot.id, idle)).toBe('not-participated');
    await closeTenderLot(t, lot.id);
    expect(await statusOf(lot.id, pat)).toBe('bidded');
    expect(await statusOf(lot.id, idle)).toBe('not-participated');
    expect((await t.db.select().from(orders).where(eq(orders.soleLotId, lot.id))).length).toBe(0);
  });
});
