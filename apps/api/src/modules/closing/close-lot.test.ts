import type { Database } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLot } from './close-lot';
import { closingFixtures, inSeconds } from './test-fixtures';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let fx: ReturnType<typeof closingFixtures>;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  fx = closingFixtures(db);
});
afterAll(() => handle.cleanup());

const close = (lotId: string) => db.transaction((tx) => closeLot(tx, lotId, fx.deps));
const emails = (bidders: { email: string }[]) => bidders.map((b) => b.email);

describe('closeLot (BIDDING §7)', () => {
  it('passes a lot without bids to Unsold, records the close and bumps the live id, and mails nobody', async () => {
    const lot = await fx.make.lot({ endedAt: inSeconds(-5) });
    const change = await close(lot.id);
    expect(change).toMatchObject({ lotId: lot.id, transition: 'pass' });
    const row = await fx.lotRow(lot.id);
    expect(row.status).toBe('Unsold');
    expect(row.closedAt?.getTime()).toBe(change?.closedAt.getTime());
    expect(row.closedAt?.getTime()).toBeGreaterThanOrEqual(row.endedAt?.getTime() ?? Number.POSITIVE_INFINITY);
    expect(row.changeSeq).toBeGreaterThan(lot.changeSeq);
  });

  it('sells to the leader when there is no reserve: "you won" to the leader, "you lost" to the others', async () => {
    const { lot, bidders } = await fx.auctionWithBids([500_000, 300_000, 200_000], {
      endedAt: inSeconds(-1),
      name: 'Forklift',
      number: '17',
    });
    const closed = await close(lot.id);
    expect(closed).toMatchObject({ transition: 'sell', orderId: expect.stringMatching(/^ord_/) });
    // The sale is the winner's order at once (issue 15): Sold → OrderPending, at the hammer price.
    expect((await fx.lotRow(lot.id)).status).toBe('OrderPending');
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, closed?.orderId ?? ''));
    expect(order).toMatchObject({
      source: 'auction',
      buyerUserId: bidders[0]?.id,
      subtotal: 300_100,
      soleLotId: lot.id,
    });
    const mails = await fx.mailsTo(emails(bidders));
    const [leader, second, third] = bidders.map((b) => mails.filter((m) => m.to === b.email));
    expect(leader).toEqual([expect.objectContaining({ subject: 'You won Forklift' })]);
    // The sale placed the winner's order at the hammer price: its e-mails come with it, to the winner only.
    expect((await fx.orderMailsTo(emails(bidders))).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Order LL-\d+ placed$/)]),
    );
    expect(leader?.[0]?.text).toContain('you won lot 17 “Forklift” at $3,001.00.');
    expect(leader?.[0]?.text).toContain(`https://lotline.test/marketplace/bid/lot/${lot.id}`);
    expect(second).toEqual([expect.objectContaining({ subject: 'You did not win Forklift' })]);
    expect(second?.[0]?.text).toContain('closed at $3,001.00.');
    expect(second?.[0]?.text).toContain('Your maximum bid was $3,000.00: another bidder won.');
    expect(third).toHaveLength(1);
  });

  it('sells when the reserve is met', async () => {
    const { lot } = await fx.auctionWithBids([500_000], { endedAt: inSeconds(-1) }, { reserveMet: true });
    expect(await close(lot.id)).toMatchObject({ transition: 'sell' });
    expect((await fx.lotRow(lot.id)).status).toBe('OrderPending');
  });

  it('ends a reserve-not-met lot (the seller may accept for 2 days) and tells the leader until when', async () => {
    const { lot, bidders } = await fx.auctionWithBids(
      [90_000, 50_000],
      { endedAt: inSeconds(-1), name: 'Lathe' },
      { reserveMet: false },
    );
    const change = await close(lot.id);
    expect(change).toMatchObject({ transition: 'end' });
    expect((await fx.lotRow(lot.id)).status).toBe('Ended');
    const mails = await fx.mailsTo(emails(bidders));
    const leader = mails.filter((m) => m.to === bidders[0]?.email);
    expect(leader).toEqual([expect.objectContaining({ subject: 'Reserve not met on Lathe' })]);
    const deadline = new Date((change?.closedAt.getTime() ?? 0) + 2 * 86_400_000);
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(deadline);
    expect(leader[0]?.text).toContain(`The seller may still accept it until ${day}`);
    expect(mails.filter((m) => m.to === bidders[1]?.email)).toEqual([
      expect.objectContaining({ subject: 'You did not win Lathe' }),
    ]);
  });

  it('sends no "you won" to a winner who turned it off, but still the others their "you lost"', async () => {
    const { lot, bidders } = await fx.auctionWithBids(
      [80_000, 70_000],
      { endedAt: inSeconds(-1) },
      { wantsWon: false },
    );
    await close(lot.id);
    expect((await fx.lotRow(lot.id)).status).toBe('OrderPending');
    const mails = await fx.mailsTo(emails(bidders));
    expect(mails.map((m) => m.to)).toEqual([bidders[1]?.email]);
  });

  it('closes exactly once: a second run changes nothing and sends no second mail', async () => {
    const { lot, bidders } = await fx.auctionWithBids([80_000, 70_000], { endedAt: inSeconds(-1) });
    expect(await close(lot.id)).not.toBeNull();
    const after = await fx.lotRow(lot.id);
    expect(await close(lot.id)).toBeNull();
    expect(await fx.lotRow(lot.id)).toEqual(after);
    expect(await fx.mailsTo(emails(bidders))).toHaveLength(2);
  });

  it('of two closers at once, exactly one closes and the mails go once', async () => {
    const { lot, bidders } = await fx.auctionWithBids([80_000, 70_000], { endedAt: inSeconds(-1) });
    const results = await Promise.all([close(lot.id), close(lot.id)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await fx.mailsTo(emails(bidders))).toHaveLength(2);
  });

  it('leaves a lot whose effective end has not come (e.g. a soft close extended it) alone', async () => {
    const { lot, bidders } = await fx.auctionWithBids([80_000], {
      endedAt: inSeconds(60),
      scheduledEndAt: inSeconds(-1),
    });
    expect(await close(lot.id)).toBeNull();
    expect(await fx.lotRow(lot.id)).toEqual(lot);
    expect(await fx.mailsTo(emails(bidders))).toEqual([]);
  });

  it.each([
    ['a buy-now item', { type: 'BuyItNowItem' as const }],
    ['a tender lot', { type: 'TenderLot' as const }],
    ['a lot already closed', { status: 'Sold' as const }],
    ['an upcoming lot', { status: 'Pending' as const }],
    ['a lot without an end', { endedAt: null }],
  ])('does not close %s', async (_name, overrides) => {
    const lot = await fx.make.lot({ endedAt: inSeconds(-1), ...overrides });
    expect(await close(lot.id)).toBeNull();
    expect(await fx.lotRow(lot.id)).toEqual(lot);
  });
});
