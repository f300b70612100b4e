/** The demo data the auction engine needs (issue 14): bidders, auction settings, reserves, staggered ends, soon events. */
import { incrementTableProblem } from '@lotline/domain';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../schema/index';
import { createTestDatabase } from '../testing';
import { CLOSING_SOON_LOTS } from './allocate';
import { applyAuctionSettings, FINE_INCREMENTS } from './auction-settings';
import type { EventPlan, EventRow } from './generate-events';
import { seedDatabase } from './index';
import { Rng } from './random';

const NOW = new Date('2025-03-10T15:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let handle: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { lots: 500, now: NOW, seed: 7 });
});
afterAll(() => handle?.cleanup());

const load = async () => {
  const { db } = handle;
  const events = await db.select().from(t.events);
  const lots = await db.select().from(t.eventLots).orderBy(asc(t.eventLots.eventId), asc(t.eventLots.sequence));
  return { events, lots, eventById: new Map(events.map((e) => [e.id, e])) };
};
const ms = (d: Date | null) => d?.getTime() ?? Number.NaN;

describe('demo data for the auction engine', () => {
  it('has four verified bidders with addresses and a default sandbox Visa, registered nowhere, with no bids', async () => {
    const { db } = handle;
    const emails = ['bidder1@example.com', 'bidder2@example.com', 'bidder3@example.com', 'bidder4@example.com'];
    const users = (await db.select().from(t.users)).filter((u) => emails.includes(u.email));
    expect(users.map((u) => u.email).sort()).toEqual(emails);
    const addresses = await db.select().from(t.addresses);
    const cards = await db.select().from(t.paymentMethods);
    const vaulted = new Set((await db.select().from(t.sandboxCards)).map((c) => c.id));
    for (const user of users) {
      expect(user).toMatchObject({ verified: true, emailVerified: true, roles: [] });
      const own = addresses.filter((a) => a.userId === user.id);
      expect(own.map((a) => a.type).sort()).toEqual(['billing', 'shipping']);
      expect(own.every((a) => a.name === user.name && a.line1 && a.postalCode)).toBe(true);
      const card = cards.filter((c) => c.userId === user.id);
      expect(card).toEqual([
        expect.objectContaining({ provider: 'sandbox', brand: 'visa', last4: '4242', isDefault: true }),
      ]);
      expect(vaulted.has(card[0]?.providerPaymentMethodId ?? '')).toBe(true);
    }
    // Nobody is registered and nothing is bid on: the engine's demo-bids step does that after seeding.
    expect(await db.select().from(t.registrations)).toEqual([]);
    expect(await db.select().from(t.bids)).toEqual([]);
    expect(await db.select().from(t.lotBidders)).toEqual([]);
  });

  it('gives every auction event usable settings, the variants the engine must honour, and varied deposits', async () => {
    const { events, lots } = await load();
    const auctions = events.filter((e) => e.saleFormat === 'auction');
    for (const e of auctions) {
      expect(e.softCloseWindowSeconds).toBeGreaterThan(0);
      expect(e.softCloseExtensionSeconds).toBeGreaterThan(0);
      expect(e.softCloseCapSeconds).toBeGreaterThanOrEqual(e.softCloseExtensionSeconds);
      expect([0, 30, 60]).toContain(e.staggerIntervalSeconds);
      if (e.incrementTable) expect(incrementTableProblem(e.incrementTable)).toBeNull();
      expect(e.bidDepositAmount === null || (Number.isInteger(e.bidDepositAmount) && e.bidDepositAmount > 0)).toBe(
        true,
      );
    }
    for (const e of events.filter((x) => x.saleFormat !== 'auction')) expect(e.staggerIntervalSeconds).toBe(0);
    expect(events.filter((e) => e.saleFormat === 'buy-now').every((e) => e.bidDepositAmount === null)).toBe(true);

    // Each variant is on a public live event with lots open for bids.
    const open = (e: (typeof events)[number]) =>
      e.status === 'published' && !e.privateSale && lots.some((l) => l.eventId === e.id && l.status === 'Active');
    const showcase = auctions.filter(open);
    expect(showcase.find((e) => e.incrementTable !== null)?.incrementTable).toEqual(FINE_INCREMENTS);
    expect(showcase.some((e) => e.staggerIntervalSeconds === 0)).toBe(true);
    expect(showcase.some((e) => e.staggerIntervalSeconds === 30)).toBe(true);
    expect(showcase.some((e) => e.registrationApprovalRequired)).toBe(true);
    expect(showcase.some((e) => e.softCloseWindowSeconds !== 120)).toBe(true);
    expect(auctions.filter((e) => e.incrementTable === null && e.staggerIntervalSeconds === 60).length).toBeGreaterThan(
      auctions.length / 2,
    );
    const deposits = auctions.map((e) => e.bidDepositAmount);
    expect(deposits).toContain(null);
    expect(new Set(deposits.filter((d) => d !== null)).size).toBeGreaterThanOrEqual(3);
  });

  it("states the buyer's premium of the event's payment terms", async () => {
    const { events } = await load();
    const terms = await handle.db.select().from(t.eventTerms);
    for (const e of events) {
      const stated = terms
        .filter((x) => x.eventId === e.id)
        .map((x) => /(\d+)% buyer's premium/.exec(x.text)?.[1])
        .find(Boolean);
      expect(e.buyersPremiumBps).toBe(stated ? Number(stated) * 100 : 0);
    }
    expect(events.some((e) => e.buyersPremiumBps > 0)).toBe(true);
  });

  it('opens auction lots with no bids, and gives enough of them a reserve above the starting bid', async () => {
    const { lots } = await load();
    const open = lots.filter((l) => l.type === 'AuctionLot' && l.status === 'Active');
    expect(open.length).toBeGreaterThan(100);
    for (const l of open) {
      expect(l).toMatchObject({ currentBidAmount: null, bidsCount: 0, leaderUserId: null, closedAt: null });
      expect(l.reserveMet).toBe(l.reserveBid === null ? null : false);
      if (l.reserveBid !== null && l.startingBid !== null) expect(l.reserveBid).toBeGreaterThan(l.startingBid);
    }
    expect(open.filter((l) => l.reserveBid !== null).length).toBeGreaterThanOrEqual(30);
    // Closed auction lots: Ended ones closed below their reserve, sold ones reached it.
    const auction = lots.filter((l) => l.type === 'AuctionLot');
    for (const l of auction.filter((x) => x.status === 'Ended'))
      expect([l.reserveMet, l.bidsCount > 0]).toEqual([false, true]);
    for (const l of auction.filter((x) => x.status === 'Sold')) expect(l.reserveMet ?? true).toBe(true);
    expect(lots.filter((l) => l.type !== 'AuctionLot').every((l) => l.reserveMet === null)).toBe(true);
  });

  it('schedules lot k of an event at its end + k × its stagger; open lots end then, closed lots closed then', async () => {
    const { lots, eventById } = await load();
    const now = NOW.getTime();
    for (const l of lots) {
      const event = eventById.get(l.eventId ?? '');
      if (event) {
        expect(ms(l.scheduledEndAt)).toBe(ms(event.endAt) + (l.sequence - 1) * event.staggerIntervalSeconds * 1000);
      } else {
        expect(ms(l.scheduledEndAt)).toBe(ms(l.endedAt));
      }
      if (l.status === 'Active' || l.status === 'Pending') {
        expect([ms(l.endedAt), l.closedAt]).toEqual([ms(l.scheduledEndAt), null]);
      } else {
        expect(ms(l.closedAt)).toBe(ms(l.endedAt));
        expect(ms(l.closedAt)).toBeLessThanOrEqual(now);
      }
    }
    // A 60-second stagger really staggers: consecutive lots of such an event end a minute apart.
    const staggered = [...eventById.values()].find(
      (e) => e.staggerIntervalSeconds === 60 && lots.filter((l) => l.eventId === e.id).length > 3,
    );
    const ends = lots.filter((l) => l.eventId === staggered?.id).map((l) => ms(l.scheduledEndAt));
    expect(ends.slice(1).map((end, i) => end - (ends[i] ?? 0))).toEqual(ends.slice(1).map(() => MINUTE));
  });

  it('has one auction closing one lot a minute from 5 minutes after seeding, and buy-now and tender lots ending soon', async () => {
    const { events, lots } = await load();
    const now = NOW.getTime();
    const soon = events.filter((e) => e.name.includes('Closing Soon'));
    expect(soon).toHaveLength(1);
    const [event] = soon;
    expect(event).toMatchObject({
      saleFormat: 'auction',
      status: 'published',
      privateSale: false,
      staggerIntervalSeconds: 60,
    });
    const own = lots.filter((l) => l.eventId === event?.id);
    expect(own).toHaveLength(CLOSING_SOON_LOTS);
    expect(own.every((l) => l.status === 'Active' && ms(l.startAt) < now)).toBe(true);
    const ends = own.map((l) => ms(l.endedAt) - now);
    expect(Math.min(...ends)).toBe(5 * MINUTE);
    expect(Math.max(...ends)).toBeLessThanOrEqual(30 * MINUTE);
    expect(own.filter((l) => l.reserveBid !== null).length).toBeGreaterThanOrEqual(7);

    const endingSoon = (type: string) =>
      lots.filter((l) => l.type === type && l.status === 'Active' && ms(l.endedAt) - now <= 30 * MINUTE);
    expect(endingSoon('BuyItNowItem').length).toBeGreaterThan(0);
    expect(endingSoon('TenderLot').length).toBeGreaterThan(0);
    const opening = lots.filter((l) => l.status === 'Pending' && ms(l.startAt) - now <= HOUR);
    expect(opening.length).toBeGreaterThan(0);
    for (const l of opening) {
      expect(ms(l.startAt)).toBeGreaterThan(now);
      expect(events.find((e) => e.id === l.eventId)).toMatchObject({ status: 'published', privateSale: false });
    }
  });

  it('times the soon events from the database clock when no time is given', async () => {
    const other = await createTestDatabase();
    try {
      const summary = await seedDatabase(other.db, { lots: 60 });
      const result = await other.db.execute(sql`select now() as now`);
      const dbNow = new Date((result as unknown as { rows: { now: string }[] }).rows[0]?.now ?? '').getTime();
      expect(Math.abs(summary.clock.getTime() - dbNow)).toBeLessThan(MINUTE);
      expect(summary.now.getTime()).toBe(Math.floor(summary.clock.getTime() / HOUR) * HOUR);
      const [event] = (await other.db.select().from(t.events)).filter((e) => e.name.includes('Closing Soon'));
      const fromClock = ms(event?.endAt ?? null) - summary.clock.getTime();
      expect(fromClock).toBeGreaterThanOrEqual(5 * MINUTE);
      expect(fromClock).toBeLessThanOrEqual(6 * MINUTE);
    } finally {
      await other.cleanup();
    }
  });
});

describe('applyAuctionSettings', () => {
  const plan = (id: string, lotCount: number) =>
    ({ id, format: 'auction', timeClass: 'live-week', status: 'published', privateSale: false, lotCount }) as EventPlan;

  it('shrinks a large event’s stagger so its close spans at most 4 hours, and refuses rows out of step', () => {
    const plans = [plan('a', 20), plan('b', 1000), plan('c', 40)];
    const rows = plans.map((p) => ({ id: p.id }) as EventRow);
    applyAuctionSettings(new Rng(1), plans, rows);
    // b is the second showcase (stagger 0); c the third (30 s); a the first (own increments, default stagger).
    expect(plans.map((p) => p.staggerSeconds)).toEqual([60, 0, 30]);
    const big = [plan('d', 1000)];
    applyAuctionSettings(
      new Rng(1),
      [plan('x', 1), plan('y', 1), plan('z', 1), plan('w', 1), plan('v', 1), ...big],
      [...['x', 'y', 'z', 'w', 'v', 'd'].map((id) => ({ id }) as EventRow)],
    );
    expect(big[0]?.staggerSeconds).toBe(Math.floor((4 * 3600) / 999));
    expect(() => applyAuctionSettings(new Rng(1), [plan('a', 1)], [{ id: 'b' } as EventRow])).toThrow(/out of step/);
  });
});
