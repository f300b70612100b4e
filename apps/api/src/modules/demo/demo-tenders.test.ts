import { eventLots, orders, users } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOwnTender, sealedTendersOf, tenderCounts } from '../bidding/sealed-tenders';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { demoTenders } from './demo-tenders';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const lines: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  // As the e2e server seeds (600 lots), with the real clock so live events are open.
  await seedDatabase(handle.db, { lots: 600, now: new Date() });
  const provider = new SandboxPaymentProvider(handle.db, 'http://localhost:3000');
  const mailer = createOutboxMailer(handle.db, pino({ level: 'silent' }));
  await demoTenders({
    db: handle.db,
    provider,
    mailer,
    publicOrigin: 'http://localhost:3000',
    log: (l) => lines.push(l),
  });
}, 240_000);

afterAll(async () => {
  await handle.cleanup();
});

it('leaves open lots with sealed tenders, one closed awaiting award with bidder2’s tender, one awarded and paid', async () => {
  expect(lines).toEqual([
    expect.stringMatching(/^Demo tenders: 9 tenders in event \S+ \(3 lots closed, 1 awarded\); seller-/),
  ]);
  const eventId = lines[0]?.split(' ')[6] as string;
  const lots = await handle.db
    .select({ id: eventLots.id, status: eventLots.status, closedAt: eventLots.closedAt })
    .from(eventLots)
    .where(eq(eventLots.eventId, eventId))
    .orderBy(eventLots.sequence, eventLots.id);
  const counts = await tenderCounts(
    handle.db,
    lots.map((l) => l.id),
  );
  const tendered = lots.filter((l) => counts.has(l.id));
  expect(tendered.map((l) => [l.status, counts.get(l.id)])).toEqual([
    [LOT_STATUS.Active, 1],
    [LOT_STATUS.Active, 2],
    [LOT_STATUS.Ended, 2],
    [LOT_STATUS.Ended, 2],
    [LOT_STATUS.OrderPaid, 2],
  ]);
  // Open lots stay sealed; the closed one awaiting award holds bidder2's tender.
  const open = await sealedTendersOf(handle.db, [tendered[0]?.id as string, tendered[1]?.id as string]);
  expect(open.every((t) => t.amount === null)).toBe(true);
  const [bidder2] = await handle.db.select().from(users).where(eq(users.email, 'bidder2@example.com'));
  expect(await readOwnTender(handle.db, tendered[2]?.id as string, bidder2?.id as string)).not.toBeNull();
  const [order] = await handle.db
    .select()
    .from(orders)
    .where(eq(orders.soleLotId, tendered[4]?.id as string));
  expect(order).toMatchObject({ source: 'tender', status: 'OrderPaid' });
  const registered = await handle.db.execute(
    sql`select 1 from registrations where event_id = ${eventId} and user_id = ${bidder2?.id} and status = 'approved'`,
  );
  expect((registered as unknown as { rows: unknown[] }).rows).toHaveLength(1);
});
