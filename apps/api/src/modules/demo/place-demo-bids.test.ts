import { bids, depositHolds, eventLots, registrations, users } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { placeDemoBids } from './place-demo-bids';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let counts: Awaited<ReturnType<typeof placeDemoBids>>;
const lines: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  // The seed's times are relative to `now`: the real clock, so its live events are open for the engine.
  await seedDatabase(handle.db, { lots: 400, now: new Date() });
  // A seller hid every lot of the soonest-ending live auction: no buyer may open them, so no demo bid goes there.
  await handle.db.execute(sql`update event_lots set hidden_from_marketplace = true where event_id = (
    select event_id from event_lots where type = 'AuctionLot' and status = ${LOT_STATUS.Active} and ended_at > now()
    order by ended_at limit 1)`);
  const provider = new SandboxPaymentProvider(handle.db, 'http://localhost:3000');
  counts = await placeDemoBids({ db: handle.db, provider, log: (l) => lines.push(l) });
}, 180_000);

afterAll(async () => {
  await handle.cleanup();
});

it('bids through the engine on some open lots and logs one line with the counts', async () => {
  expect(counts.bids).toBeGreaterThan(0);
  expect(counts.bids).toBeLessThanOrEqual(300);
  expect(lines).toEqual([
    expect.stringMatching(/^Demo bids: \d+ bids \(\d+ refused\) on \d+ lots; \d+ registrations, \d+ deposit holds$/),
  ]);
  expect(await handle.db.$count(bids, eq(bids.kind, 'bid'))).toBe(counts.bids);
});

it('registers demo buyers but never bidder1..4, with a held deposit where the event asks one', async () => {
  const regs = await handle.db
    .select({
      email: users.email,
      depositStatus: registrations.depositStatus,
      deposit: registrations.depositAmount,
      id: registrations.id,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId));
  expect(regs.length).toBe(counts.registrations);
  for (const r of regs) {
    expect(r.email).not.toMatch(/^bidder\d@example\.com$/);
    expect(r.depositStatus).toBe(r.deposit === null ? 'not-required' : 'held');
  }
  const held = regs.filter((r) => r.depositStatus === 'held').map((r) => r.id);
  const holds = held.length
    ? await handle.db.select().from(depositHolds).where(inArray(depositHolds.registrationId, held))
    : [];
  expect(holds).toHaveLength(counts.holds);
  for (const h of holds) expect(h.status).toBe('held');
});

it('leaves every bid-on lot as its history says: price and leader of the last row, amounts never going down', async () => {
  const lots = await handle.db
    .select({
      id: eventLots.id,
      price: eventLots.currentBidAmount,
      leader: eventLots.leaderUserId,
      met: eventLots.reserveMet,
    })
    .from(eventLots)
    .where(isNotNull(eventLots.leaderUserId));
  expect(lots.length).toBe(counts.lots);
  const history = await handle.db.select().from(bids).orderBy(asc(bids.seq));
  for (const lot of lots) {
    const rows = history.filter((h) => h.lotId === lot.id);
    const last = rows.at(-1);
    expect({ price: lot.price, leader: lot.leader }).toEqual({ price: last?.priceAfter, leader: last?.userId });
    for (const [i, row] of rows.entries()) expect(row.amount).toBeGreaterThanOrEqual(rows[i - 1]?.amount ?? 0);
  }
});

it('bids on no lot a buyer may not open (hidden by its seller)', async () => {
  const hidden = await handle.db
    .select({ id: bids.id })
    .from(bids)
    .innerJoin(eventLots, and(eq(eventLots.id, bids.lotId), eq(eventLots.hiddenFromMarketplace, true)));
  expect(hidden).toEqual([]);
});
