import { events } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { readEventResults } from '../seller-results/read-event-results';
import { demoResultOrders } from './demo-seller-results';
import { demoWireAccounts } from './demo-wire-accounts';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const lines: string[] = [];
let eventId: string | null = null;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { lots: 600, now: new Date() });
  // As main.ts does: the demo banks before the demo orders that choose wire.
  await demoWireAccounts(handle.db, () => {});
  const mailer = createOutboxMailer(handle.db, pino({ level: 'silent' }));
  eventId = await demoResultOrders({
    db: handle.db,
    mail: { mailer, publicOrigin: 'http://localhost:3000' },
    log: (l) => lines.push(l),
  });
}, 180_000);

afterAll(() => handle.cleanup());

it('gives a featured seller’s closed auction sold, passed and reserve-not-met lots and orders in several states', async () => {
  expect(lines).toEqual([
    expect.stringMatching(/^Demo seller results: ".+" \(.+\) of seller-.+@example\.com has \d+ orders for /),
  ]);
  const [event] = await handle.db
    .select()
    .from(events)
    .where(eq(events.id, eventId ?? ''));
  if (!event) throw new Error('no demo results event');
  const results = await readEventResults(handle.db, event);
  expect(results.closed).toBe(true);
  const outcomes = new Set(results.rows.map((r) => r.outcome));
  expect([...outcomes]).toEqual(expect.arrayContaining(['sold', 'reserve-not-met', 'passed']));
  const statuses = results.rows.flatMap((r) => (r.order ? [r.order.status] : []));
  expect(new Set(statuses)).toEqual(new Set(['OrderPaid', 'OrderPending', 'OrderCancelled']));
  expect(results.rows.find((r) => r.order?.status === 'OrderPaid')?.outstanding).toBe(0);
  expect(results.totals.some((t) => t.paid > 0 && t.outstanding > 0 && t.lotsSold >= 2)).toBe(true);
  // The winner is a buyer, not one of the company's users.
  const winners = results.rows.flatMap((r) => (r.order && r.winner ? [r.winner.email] : []));
  expect(winners.length).toBeGreaterThanOrEqual(3);
  expect(
    winners.every((w) => !w.startsWith('bidder') && w !== 'buyer@example.com' && w !== 'reseller@example.com'),
  ).toBe(true);
});
