import { queryRows } from '@lotline/db';
import { depositHolds, orderPayments, registrations, sandboxCards } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { latestMailTo } from '../identity/test-helpers';
import { createOrderFor } from '../orders/payment/test-orders';
import { MASTERCARD } from '../payments/test-helpers';
import { type RenewDeps, renewDeposits } from './renew-deposits';
import {
  auction,
  bidder,
  extraCard,
  jobDeps,
  type Person,
  readRegistration,
  register,
  sandboxHoldsOf,
} from './test-helpers';

/**
 * Renewal before a hold lapses (BIDDING §6). The clock is the database's:
 * the tests move a hold's expiry and the lots' ends relative to `now()`.
 */
describe('deposit renewal', () => {
  let t: TestApp;
  let deps: RenewDeps;
  beforeAll(async () => {
    t = await createTestApp();
    deps = jobDeps(t);
  });
  afterAll(() => t.close());

  /** A held deposit whose hold lapses in `lapsesIn`, in an event whose lots end in `endsIn` (SQL intervals). */
  async function heldDeposit(lapsesIn: string, endsIn: string) {
    const { event } = await auction(t, { name: 'Refinery Auction' });
    const user = await bidder(t, event.id);
    expect((await register(t, user, event.id)).statusCode).toBe(201);
    await t.db.execute(sql`update event_lots set ended_at = now() + ${endsIn}::interval where event_id = ${event.id}`);
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, user.id));
    await t.db.execute(
      sql`update deposit_holds set expires_at = now() + ${lapsesIn}::interval where id = ${reg?.currentHoldId}`,
    );
    return { event, user, registrationId: reg?.id ?? '', oldHoldId: reg?.currentHoldId ?? '' };
  }

  const holdsOf = (registrationId: string) =>
    t.db
      .select({ id: depositHolds.id, status: depositHolds.status })
      .from(depositHolds)
      .where(eq(depositHolds.registrationId, registrationId))
      .orderBy(asc(depositHolds.createdAt), asc(depositHolds.id));

  it('renews a hold lapsing within a day, before the event is done with it: new hold, then the old cancelled', async () => {
    const due = await heldDeposit('2 hours', '10 days');
    const later = await heldDeposit('3 days', '10 days'); // not within the lead time yet
    const covered = await heldDeposit('2 hours', '-10 days'); // lapses after the last end + the 5-day payment window
    const before = (await readRegistration(t, due.user, due.event.id)).json().data.deposit.expiresAt;

    expect(await renewDeposits(deps)).toEqual({ renewed: 1, failed: 0 });
    const holds = await holdsOf(due.registrationId);
    expect(holds.map((h) => h.status)).toEqual(['replaced', 'held']);
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, due.registrationId));
    expect(reg?.currentHoldId).toBe(holds[1]?.id);
    expect((await sandboxHoldsOf(t, due.user.id)).map((h) => h.status)).toEqual(['canceled', 'requires_capture']);
    const after = (await readRegistration(t, due.user, due.event.id)).json().data.deposit;
    expect(after.status).toBe('held');
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before) + 6 * 86_400_000);

    for (const other of [later, covered])
      expect((await holdsOf(other.registrationId)).map((h) => h.status)).toEqual(['held']);
    // A second run finds nothing left to do.
    expect(await renewDeposits(deps)).toEqual({ renewed: 0, failed: 0 });
  });

  it('a card that starts declining: deposit failed, error kept, bidder e-mailed; registering again with a good card fixes it', async () => {
    const { event, user, registrationId } = await heldDeposit('1 hour', '10 days');
    await t.db.execute(sql`update ${sandboxCards} set behaviour = 'decline-charges'`);
    try {
      expect(await renewDeposits(deps)).toEqual({ renewed: 0, failed: 1 });
    } finally {
      await t.db.execute(sql`update ${sandboxCards} set behaviour = 'ok'`);
    }
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(reg).toMatchObject({ depositStatus: 'failed', depositError: 'Your card was declined.' });
    expect((await holdsOf(registrationId)).map((h) => h.status)).toEqual(['held', 'failed']);
    const shown = (await readRegistration(t, user, event.id)).json().data;
    expect(shown.deposit.status).toBe('failed');
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('Action needed: your deposit for Refinery Auction could not be renewed');
    expect(mail?.text).toContain('The renewal failed: Your card was declined.');
    expect(mail?.text).toContain('Your bids so far still stand.');
    // The failed deposit is not renewed again by the job; the bidder registers again.
    expect(await renewDeposits(deps)).toEqual({ renewed: 0, failed: 0 });
    await fixWithNewCard(user, event.id, registrationId);
  });

  async function fixWithNewCard(user: Person, eventId: string, registrationId: string) {
    const card = await extraCard(t, user, MASTERCARD);
    const again = await register(t, user, eventId, { body: { paymentMethodId: card.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.deposit.status).toBe('held');
    expect((await holdsOf(registrationId)).map((h) => h.status)).toEqual(['replaced', 'failed', 'held']);
    const [row] = await queryRows<{ standing: number }>(
      t.db,
      sql`select count(*)::int as standing from sandbox_holds h join payment_methods pm on pm.provider_payment_method_id = h.card_id
        where pm.user_id = ${user.id} and h.status = 'requires_capture'`,
    );
    expect(row?.standing).toBe(1);
  }

  it('skips a registration whose card was removed, marking it failed with a clear reason', async () => {
    const { registrationId } = await heldDeposit('1 hour', '10 days');
    await t.db.update(registrations).set({ paymentMethodId: null }).where(eq(registrations.id, registrationId));
    expect(await renewDeposits(deps)).toEqual({ renewed: 0, failed: 1 });
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(reg?.depositError).toBe('The card the deposit was held on has been removed from your account.');
  });

  it('renews a winner’s applied hold after settlement, keeping it applied until the order captures it', async () => {
    const { event, user, registrationId, oldHoldId } = await heldDeposit('2 hours', '-1 day');
    await t.db.update(depositHolds).set({ status: 'applied' }).where(eq(depositHolds.id, oldHoldId));
    await t.db.update(registrations).set({ depositStatus: 'applied' }).where(eq(registrations.id, registrationId));
    await t.db.execute(sql`update events set deposits_settled_at = now() where id = ${event.id}`);
    expect(await renewDeposits(deps)).toEqual({ renewed: 1, failed: 0 });
    const holds = await holdsOf(registrationId);
    expect(holds.map((h) => h.status)).toEqual(['replaced', 'applied']);
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(reg).toMatchObject({ depositStatus: 'applied', currentHoldId: holds[1]?.id });
    expect((await sandboxHoldsOf(t, user.id)).map((h) => h.status)).toEqual(['canceled', 'requires_capture']);
  });

  it.each(['succeeded', 'failed', 'processing'] as const)(
    'never re-authorises an applied hold once its capture was tried (%s): the deposit is spent',
    async (status) => {
      const { event, user, registrationId, oldHoldId } = await heldDeposit('2 hours', '-1 day');
      await t.db.update(depositHolds).set({ status: 'applied' }).where(eq(depositHolds.id, oldHoldId));
      await t.db.update(registrations).set({ depositStatus: 'applied' }).where(eq(registrations.id, registrationId));
      await t.db.execute(sql`update events set deposits_settled_at = now() where id = ${event.id}`);
      const [hold] = await t.db.select().from(depositHolds).where(eq(depositHolds.id, oldHoldId));
      const order = await createOrderFor(t, user.id);
      await t.db.insert(orderPayments).values({
        id: `opay_${registrationId}`,
        orderId: order.id,
        kind: 'deposit-capture',
        provider: 'sandbox',
        providerPaymentId: hold?.providerHoldId ?? null,
        amount: 50_000,
        currency: 'USD',
        status,
      });
      expect(await renewDeposits(deps)).toEqual({ renewed: 0, failed: 0 });
      expect((await holdsOf(registrationId)).map((h) => h.status)).toEqual(['applied']);
      expect(await sandboxHoldsOf(t, user.id)).toHaveLength(1);
    },
  );

  /** The provider, with `before` run while a hold is being placed (a request racing the call). */
  function racing(before: () => Promise<unknown>): RenewDeps {
    const real = deps.provider;
    const provider = Object.assign(Object.create(real), {
      authorizeHold: async (request: Parameters<typeof real.authorizeHold>[0]) => {
        await before();
        return real.authorizeHold(request);
      },
    });
    return { ...deps, provider };
  }

  it.each([
    ['settlement releases the old hold', 'released' as const],
    ['the seller declines the registration', 'declined' as const],
  ])('a renewal that loses the race (%s) cancels its new hold and releases it', async (_, change) => {
    const { user, registrationId, oldHoldId } = await heldDeposit('2 hours', '10 days');
    const racer = racing(async () => {
      if (change === 'declined')
        await t.db.update(registrations).set({ status: 'declined' }).where(eq(registrations.id, registrationId));
      else {
        await t.db.update(depositHolds).set({ status: 'released' }).where(eq(depositHolds.id, oldHoldId));
        await t.db.update(registrations).set({ depositStatus: 'released' }).where(eq(registrations.id, registrationId));
      }
    });
    expect(await renewDeposits(racer)).toEqual({ renewed: 0, failed: 0 });
    const holds = await holdsOf(registrationId);
    expect(holds[1]?.status).toBe('released');
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(reg?.currentHoldId).toBe(oldHoldId);
    expect(reg?.depositStatus).toBe(change === 'declined' ? 'held' : 'released');
    expect((await sandboxHoldsOf(t, user.id))[1]?.status).toBe('canceled');
  });

  it('a failed cancel of the replaced hold still renews; the next run cancels it', async () => {
    const { user, registrationId } = await heldDeposit('2 hours', '10 days');
    const real = deps.provider;
    const failing = Object.assign(Object.create(real), {
      cancelHold: async () => {
        throw new Error('provider unreachable');
      },
    });
    expect(await renewDeposits({ ...deps, provider: failing })).toEqual({ renewed: 1, failed: 0 });
    const open = sql<boolean>`${depositHolds.expiresAt} > now()`;
    const still = () =>
      t.db
        .select({ status: depositHolds.status, open })
        .from(depositHolds)
        .where(eq(depositHolds.registrationId, registrationId))
        .orderBy(asc(depositHolds.createdAt), asc(depositHolds.id));
    expect(await still()).toEqual([
      { status: 'replaced', open: true },
      { status: 'held', open: true },
    ]);
    expect((await sandboxHoldsOf(t, user.id)).map((h) => h.status)).toEqual(['requires_capture', 'requires_capture']);
    expect(await renewDeposits(deps)).toEqual({ renewed: 0, failed: 0 });
    expect((await still())[0]).toEqual({ status: 'replaced', open: false });
    expect((await sandboxHoldsOf(t, user.id)).map((h) => h.status)).toEqual(['canceled', 'requires_capture']);
  });
});
