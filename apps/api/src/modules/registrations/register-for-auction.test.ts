import { queryRows } from '@lotline/db';
import { depositHolds, events, paymentMethods, registrations } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { DECLINED, MASTERCARD, startCardSetup, submitCardForm } from '../payments/test-helpers';
import { registerForAuction } from './register-for-auction';
import {
  auction,
  bidder,
  DECLINES_HOLDS,
  extraCard,
  jobDeps,
  readRegistration,
  register,
  sandboxHoldsOf,
} from './test-helpers';

/** POST and GET registered-auctions (contract §5, BIDDING §6) on the sandbox provider. */
describe('registration to bid, with the deposit hold', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = (userId: string) => t.db.select().from(registrations).where(eq(registrations.userId, userId));

  it('refuses in the contract order: unknown event, closed, not verified, terms not agreed', async () => {
    const { event } = await auction(t);
    const user = await signUpUser(t);
    expect((await register(t, user, 'ev_nope')).statusCode).toBe(404);
    const draft = await auction(t, { status: 'draft' });
    expect((await register(t, user, draft.event.id)).statusCode).toBe(404);

    const finalized = await auction(t, { status: 'finalized' });
    const closed = await register(t, user, finalized.event.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors[0]).toEqual({
      code: 'EVENT_CLOSED',
      message: 'This event has closed: registration is over.',
    });
    // Every lot over (its end passed by the database clock) closes it too.
    const over = await auction(t);
    await t.db.execute(
      sql`update event_lots set ended_at = now() - interval '1 minute' where event_id = ${over.event.id}`,
    );
    expect((await register(t, user, over.event.id)).json().errors[0].code).toBe('EVENT_CLOSED');

    const unverified = await register(t, user, event.id);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().errors[0]).toEqual({
      code: 'NOT_VERIFIED',
      message: 'Complete the verification of your account before you register to bid.',
    });
    const noTerms = await bidder(t, undefined);
    const terms = await register(t, noTerms, event.id);
    expect(terms.statusCode).toBe(403);
    expect(terms.json().errors[0].code).toBe('TERMS_NOT_AGREED');
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await rowsOf(noTerms.id)).toEqual([]);
  });

  it('401 without a session, 403 for another user', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    const other = await bidder(t, event.id);
    expect((await register(t, user, event.id, { cookie: '' })).statusCode).toBe(401);
    expect((await register(t, user, event.id, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await readRegistration(t, user, event.id, other.cookie)).statusCode).toBe(403);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('holds the deposit on the default card: 201, then 200 with the same registration; GET answers it', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    expect((await readRegistration(t, user, event.id)).json()).toEqual({ status: 'success', data: null });

    const first = await register(t, user, event.id);
    expect(first.statusCode).toBe(201);
    const data = first.json().data;
    expect(data).toEqual({
      auctionId: event.id,
      status: 'approved',
      deposit: { amount: 50_000, currency: 'USD', status: 'held', expiresAt: expect.any(String) },
      registeredAt: expect.any(String),
      bidLimit: null,
    });
    const [row] = await queryRows<{ days: number }>(
      t.db,
      sql`select extract(epoch from (${data.deposit.expiresAt}::timestamptz - now())) / 86400 as days`,
    );
    expect(Number(row?.days)).toBeGreaterThan(6.99);
    expect(Number(row?.days)).toBeLessThanOrEqual(7);

    const again = await register(t, user, event.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(data);
    expect((await readRegistration(t, user, event.id)).json().data).toEqual(data);

    const holds = await sandboxHoldsOf(t, user.id);
    expect(holds).toEqual([
      { id: expect.any(String), status: 'requires_capture', amount: 50_000, reference: expect.any(String) },
    ]);
    const [hold] = await t.db
      .select()
      .from(depositHolds)
      .where(eq(depositHolds.providerHoldId, holds[0]?.id ?? ''));
    expect(hold).toMatchObject({ status: 'held', amount: 50_000, currency: 'USD', provider: 'sandbox' });
    expect(holds[0]?.reference).toBe(hold?.id);

    // An existing registration is answered as is, whatever cards the user has now.
    await t.db.delete(paymentMethods).where(eq(paymentMethods.userId, user.id));
    const cardless = await register(t, user, event.id);
    expect(cardless.statusCode).toBe(200);
    expect(cardless.json().data.deposit.status).toBe('held');
  });

  it('holds on the card named in the body, and refuses a card that is not the user’s', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    const second = await extraCard(t, user, MASTERCARD);
    const stranger = await bidder(t, event.id);
    const wrong = await register(t, stranger, event.id, { body: { paymentMethodId: second.id } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().errors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'paymentMethodId' });
    expect((await register(t, user, event.id, { body: { paymentMethodId: '' } })).statusCode).toBe(400);
    expect((await register(t, user, event.id, { body: { paymentMethodId: second.id, x: 1 } })).statusCode).toBe(400);

    expect((await register(t, user, event.id, { body: { paymentMethodId: second.id } })).statusCode).toBe(201);
    const [row] = await rowsOf(user.id);
    expect(row?.paymentMethodId).toBe(second.id);
  });

  it('without a deposit: approved and not required; with approval required: pending', async () => {
    const free = await auction(t, { bidDepositAmount: null });
    const user = await bidder(t, free.event.id, null);
    const res = await register(t, user, free.event.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'approved', deposit: null });
    expect((await rowsOf(user.id))[0]).toMatchObject({ depositStatus: 'not-required', currentHoldId: null });

    const vetted = await auction(t, { registrationApprovalRequired: true });
    const buyer = await bidder(t, vetted.event.id);
    const pending = await register(t, buyer, vetted.event.id);
    expect(pending.statusCode).toBe(201);
    expect(pending.json().data).toMatchObject({ status: 'pending', deposit: { status: 'held' } });
  });

  it('a refused card is PAYMENT_DECLINED 402 and stores nothing; the 0002 card cannot even be saved', async () => {
    const { event } = await auction(t);
    // 4000 0000 0000 0002 is declined on the provider's own page: it never becomes a card of the account.
    const person = await bidder(t, event.id, null);
    const { pagePath } = await startCardSetup(t, person);
    const page = await submitCardForm(t, pagePath, DECLINED);
    expect(page.body).toContain('Your card was declined.');
    const noCard = await register(t, person, event.id);
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json().errors[0]).toEqual({
      code: 'PAYMENT_DECLINED',
      message: 'Add a card to your account to place the deposit.',
    });

    const user = await bidder(t, event.id, DECLINES_HOLDS);
    const declined = await register(t, user, event.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors[0]).toEqual({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await rowsOf(person.id)).toEqual([]);
    expect((await readRegistration(t, user, event.id)).json().data).toBeNull();

    // With a card that works, the next try succeeds (a declined attempt may be retried).
    const good = await extraCard(t, user, MASTERCARD);
    const retry = await register(t, user, event.id, { body: { paymentMethodId: good.id } });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.deposit.status).toBe('held');
  });

  it('Idempotency-Key: the same key and body answer the first answer; another body is 409; refusals are stored', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    const first = await register(t, user, event.id, { key: 'reg-1' });
    expect(first.statusCode).toBe(201);
    const replay = await register(t, user, event.id, { key: 'reg-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await sandboxHoldsOf(t, user.id)).toHaveLength(1);
    const reused = await register(t, user, event.id, { key: 'reg-1', body: { paymentMethodId: 'pm_other' } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await register(t, user, event.id, { key: 'x'.repeat(256) })).statusCode).toBe(400);

    const other = await auction(t);
    const refused = await bidder(t, other.event.id, DECLINES_HOLDS);
    expect((await register(t, refused, other.event.id, { key: 'reg-2' })).statusCode).toBe(402);
    await extraCard(t, refused, MASTERCARD);
    await t.db.execute(
      sql`update payment_methods set is_default = (brand = 'mastercard') where user_id = ${refused.id}`,
    );
    // The same key still answers the stored refusal and changes nothing; a new key registers.
    const stored = await register(t, refused, other.event.id, { key: 'reg-2' });
    expect(stored.statusCode).toBe(402);
    expect(await rowsOf(refused.id)).toEqual([]);
    expect((await register(t, refused, other.event.id, { key: 'reg-3' })).statusCode).toBe(201);
  });

  it('POSTs at once hold the deposit once, with or without the same key', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register(t, user, event.id, i % 2 ? { key: 'same' } : {})),
    );
    // One request creates it (201; a replay of its key answers the same 201); the others find it or are told to retry.
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.body);
    expect(new Set(created).size).toBe(1);
    for (const a of answers) expect([200, 201, 409]).toContain(a.statusCode);
    expect(await sandboxHoldsOf(t, user.id)).toHaveLength(1);
    const holds = await t.db
      .select({ id: depositHolds.id })
      .from(depositHolds)
      .innerJoin(registrations, eq(registrations.id, depositHolds.registrationId))
      .where(eq(registrations.userId, user.id));
    expect(holds).toHaveLength(1);
    expect((await readRegistration(t, user, event.id)).json().data.deposit.status).toBe('held');
  });

  /**
   * A registered user whose hold row is put back to "placing" (the provider's hold stays), as if the
   * process had died after the provider call and before the record step, `age` ago.
   */
  async function interruptedAttempt(age: string) {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    expect((await register(t, user, event.id)).statusCode).toBe(201);
    const [reg] = await rowsOf(user.id);
    await t.db.execute(
      sql`update deposit_holds set status = 'failed', provider_hold_id = null, created_at = now() - ${age}::interval where registration_id = ${reg?.id}`,
    );
    await t.db
      .update(registrations)
      .set({ depositStatus: 'failed' })
      .where(eq(registrations.id, reg?.id ?? ''));
    return { event, user };
  }

  it('an attempt that died after the claim is taken over with the same reference: never a second hold', async () => {
    const { event, user } = await interruptedAttempt('5 minutes');
    const retried = await register(t, user, event.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.deposit.status).toBe('held');
    expect(await sandboxHoldsOf(t, user.id)).toHaveLength(1);
  });

  it('while an attempt is in flight, another is told to retry (409) and nothing is held twice', async () => {
    const { event, user } = await interruptedAttempt('1 second');
    const busy = await register(t, user, event.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors[0]).toEqual({
      code: 'CONFLICT',
      message: 'Your deposit is being placed right now. Try again in a moment.',
    });
    expect(await sandboxHoldsOf(t, user.id)).toHaveLength(1);
  });

  it('GET of an event buyers cannot see is 404', async () => {
    const draft = await auction(t, { status: 'draft' });
    const user = await bidder(t, undefined);
    expect((await readRegistration(t, user, draft.event.id)).statusCode).toBe(404);
    await t.db.update(events).set({ status: 'published' }).where(eq(events.id, draft.event.id));
    expect((await readRegistration(t, user, draft.event.id)).json().data).toBeNull();
  });

  it('a declined registration whose deposit failed gets no new hold: answered as is', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    expect((await register(t, user, event.id)).statusCode).toBe(201);
    await t.db
      .update(registrations)
      .set({ status: 'declined', depositStatus: 'failed' })
      .where(eq(registrations.userId, user.id));
    const again = await register(t, user, event.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('declined');
    expect((await sandboxHoldsOf(t, user.id)).map((h) => h.status)).toEqual(['requires_capture']);
  });

  it('a failed cancel of the replaced hold still answers the retry; the old hold is left for the job to cancel', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    expect((await register(t, user, event.id)).statusCode).toBe(201);
    const [before] = await rowsOf(user.id);
    await t.db.update(registrations).set({ depositStatus: 'failed' }).where(eq(registrations.userId, user.id));
    const { provider, log } = jobDeps(t);
    const failing = Object.assign(Object.create(provider), {
      cancelHold: async () => {
        throw new Error('provider unreachable');
      },
    });
    const answer = await registerForAuction(
      { db: t.db, provider: failing, log },
      { userId: user.id, eventId: event.id, paymentMethodId: undefined, idempotencyKey: undefined },
    );
    expect(answer.status).toBe(200);
    const [old] = await queryRows<{ status: string; open: boolean }>(
      t.db,
      sql`select status, expires_at > now() as open from deposit_holds where id = ${before?.currentHoldId}`,
    );
    expect(old).toEqual({ status: 'replaced', open: true });
    expect((await sandboxHoldsOf(t, user.id)).map((h) => h.status)).toEqual(['requires_capture', 'requires_capture']);
  });
});
