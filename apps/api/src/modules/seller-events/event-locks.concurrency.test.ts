import { randomUUID } from 'node:crypto';
import type { UpdateEventBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import {
  bidderTermsAgreements,
  bids,
  companyMembers,
  eventLots,
  events,
  registrations,
  users,
} from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../test/factories';
import { BIDDER_TERMS_VERSION } from '../account/bidder-terms';
import type { PaymentProvider } from '../payments/provider';
import { registerForAuction } from '../registrations/register-for-auction';
import type { EventRow } from '../sellers/company-access';
import { updateEvent } from './update-event';

/**
 * A seller changing a published event's rules while a bidder commits to it, on
 * PostgreSQL (skipped without TEST_DATABASE_URL), through two pools (two API
 * processes). The bidder's transaction is held open until the seller's change
 * waits on it, then commits: the change must see the bid (and be refused), and
 * a registration waiting on the change must register under the new rules.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
let pools: [Database, Database];
let close: () => Promise<void>;

/** A published auction that started yesterday, its one lot open, and a seller of its company. */
async function scene(db: Database, overrides: Partial<typeof events.$inferInsert> = {}) {
  const make = factories(db);
  const event = await make.event({
    status: 'published',
    startAt: new Date(Date.now() - 86_400_000),
    endAt: new Date(Date.now() + 7 * 86_400_000),
    ...overrides,
  });
  const lot = await make.lot({
    companyId: event.companyId,
    eventId: event.id,
    type: 'AuctionLot',
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 7 * 86_400_000),
  });
  const sellerId = await user(db, ['seller']);
  await db.insert(companyMembers).values({ companyId: event.companyId, userId: sellerId });
  return { event, lot, sellerId };
}

async function user(db: Database, roles: string[] = []) {
  const id = `user_${randomUUID()}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, name: 'Concurrent Person', roles, verified: true });
  return id;
}

/** The PUT body that keeps the event as it is, but for `settings`. */
function bodyOf(event: EventRow, settings: Partial<UpdateEventBody['settings']>): UpdateEventBody {
  return {
    name: event.name,
    title: event.title,
    description: event.description,
    saleFormat: event.saleFormat as UpdateEventBody['saleFormat'],
    privateSale: event.privateSale,
    startAt: event.startAt.toISOString(),
    endAt: event.endAt.toISOString(),
    bidDeposit: null,
    settings: {
      incrementTable: event.incrementTable,
      softCloseWindowSeconds: event.softCloseWindowSeconds,
      softCloseExtensionSeconds: event.softCloseExtensionSeconds,
      softCloseCapSeconds: event.softCloseCapSeconds,
      staggerIntervalSeconds: event.staggerIntervalSeconds,
      registrationApprovalRequired: event.registrationApprovalRequired,
      buyersPremiumBps: event.buyersPremiumBps,
      paymentWindowDays: event.paymentWindowDays,
      tenderAwardDays: event.tenderAwardDays,
      ...settings,
    },
    terms: [],
    attachments: [],
  };
}

/** Resolves once some statement of this database waits for a row lock. */
async function someoneWaits(db: Database) {
  for (let i = 0; i < 200; i++) {
    const result = (await db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('nobody waited for a lock');
}

/** Runs `work` in a transaction on `db` that commits only when `release` is called. */
function heldOpen(db: Database, work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>) {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let started = () => {};
  const ready = new Promise<void>((r) => {
    started = r;
  });
  const done = db.transaction(async (tx) => {
    await work(tx);
    started();
    await gate;
  });
  return { ready, release, done };
}

describe.skipIf(!baseUrl)('changing an event while bidders commit (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 4 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('a settings change waiting on a bid being placed sees the bid and is refused', async () => {
    const [a, b] = pools;
    const { event, lot, sellerId } = await scene(a);
    const bidderId = await user(a);
    // A bid mid-transaction, as place-bid holds it: the lot locked, the bid written, not yet committed.
    const bid = heldOpen(a, async (tx) => {
      await tx.select({ id: eventLots.id }).from(eventLots).where(eq(eventLots.id, lot.id)).for('update');
      await tx
        .insert(bids)
        .values({ id: `bid_${randomUUID()}`, lotId: lot.id, userId: bidderId, amount: 10_000, priceAfter: 10_000 });
    });
    await bid.ready;
    const change = updateEvent(b, sellerId, event.id, bodyOf(event, { buyersPremiumBps: 1_500 })).then(
      () => 'ok',
      (err: { code?: string }) => err.code,
    );
    await someoneWaits(a);
    bid.release();
    await bid.done;
    expect(await change).toBe('EVENT_LOCKED');
    const [row] = await a.select().from(events).where(eq(events.id, event.id));
    expect(row?.buyersPremiumBps).toBe(event.buyersPremiumBps);
  });

  it('a registration waiting on an approval change registers under it (pending)', async () => {
    const [a, b] = pools;
    const { event } = await scene(a, { registrationApprovalRequired: false });
    const bidderId = await user(a);
    await a
      .insert(bidderTermsAgreements)
      .values({ id: `bta_${randomUUID()}`, userId: bidderId, eventId: event.id, version: BIDDER_TERMS_VERSION });
    // The seller's change mid-transaction, as updateEvent holds it: the event row locked and updated.
    const change = heldOpen(a, async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
      await tx.update(events).set({ registrationApprovalRequired: true }).where(eq(events.id, event.id));
    });
    await change.ready;
    // No deposit and no card: the provider is never called.
    const provider = { name: 'sandbox' } as PaymentProvider;
    const registering = registerForAuction(
      { db: b, provider, log: pino({ level: 'silent' }) },
      { userId: bidderId, eventId: event.id, paymentMethodId: undefined, idempotencyKey: undefined },
    );
    await someoneWaits(a);
    change.release();
    await change.done;
    expect((await registering).status).toBe(201);
    const [registration] = await a.select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(registration?.status).toBe('pending');
  });
});
