import { depositHolds, eventLots, events, mailOutbox, registrations } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { RenewDeps } from './renew-deposits';
import { settleDeposits } from './settle-deposits';
import { auction, bidder, jobDeps, readRegistration, register, sandboxHoldsOf } from './test-helpers';

/** Settlement once closing has finalized the event (BIDDING §6): losers released, winners applied. */
describe('deposit settlement', () => {
  let t: TestApp;
  let deps: RenewDeps;
  beforeAll(async () => {
    t = await createTestApp();
    deps = jobDeps(t);
  });
  afterAll(() => t.close());

  const depositOf = async (user: { id: string; cookie: string }, eventId: string) =>
    (await readRegistration(t, user, eventId)).json().data.deposit.status;
  /** The deposit e-mails sent to an address (not the activation mail of sign-up). */
  const mailsTo = (email: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%deposit%')));
  const settledAt = async (eventId: string) =>
    (await t.db.select({ at: events.depositsSettledAt }).from(events).where(eq(events.id, eventId)))[0]?.at;

  it('releases the losers’ holds, applies the winner’s, keeps a reserve-not-met leader’s until the lot is decided', async () => {
    const { event, lot } = await auction(t, { name: 'Fleet Sale' });
    const second = await t.make.lot({ companyId: event.companyId, eventId: event.id, status: LOT_STATUS.Active });
    const [winner, loser, waiting, free] = [
      await bidder(t, event.id),
      await bidder(t, event.id),
      await bidder(t, event.id),
      await bidder(t, event.id),
    ];
    for (const user of [winner, loser, waiting]) expect((await register(t, user, event.id)).statusCode).toBe(201);
    // Not settled before closing finalizes the event.
    expect(await settleDeposits(deps)).toEqual({ applied: 0, released: 0, kept: 0 });

    await t.db
      .update(eventLots)
      .set({ status: LOT_STATUS.Sold, leaderUserId: winner.id })
      .where(eq(eventLots.id, lot.id));
    await t.db
      .update(eventLots)
      .set({ status: LOT_STATUS.Ended, leaderUserId: waiting.id, reserveMet: false })
      .where(eq(eventLots.id, second.id));
    await t.db.update(events).set({ status: 'finalized' }).where(eq(events.id, event.id));

    // Two processes at once settle once: one e-mail, one release.
    const runs = await Promise.all([settleDeposits(deps), settleDeposits(deps)]);
    expect(runs.reduce((n, r) => n + r.kept, 0)).toBeGreaterThanOrEqual(1);
    expect(await depositOf(winner, event.id)).toBe('applied');
    expect(await depositOf(loser, event.id)).toBe('released');
    expect(await depositOf(waiting, event.id)).toBe('held');
    expect((await readRegistration(t, free, event.id)).json().data).toBeNull();
    expect(await sandboxHoldsOf(t, loser.id)).toMatchObject([{ status: 'canceled' }]);
    expect(await sandboxHoldsOf(t, winner.id)).toMatchObject([{ status: 'requires_capture', amount: 50_000 }]);
    const [applied] = await t.db
      .select({ status: depositHolds.status, providerHoldId: depositHolds.providerHoldId, amount: depositHolds.amount })
      .from(depositHolds)
      .innerJoin(registrations, eq(registrations.currentHoldId, depositHolds.id))
      .where(eq(registrations.userId, winner.id));
    // What the order (issue 15) captures: the provider's hold, its amount.
    expect(applied).toEqual({ status: 'applied', providerHoldId: expect.stringMatching(/^pi_sbx_/), amount: 50_000 });
    const mails = await mailsTo(loser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your deposit for Fleet Sale was released');
    expect(mails[0]?.text).toContain('The hold of $500.00 on your card has been cancelled.');
    expect(await mailsTo(winner.email)).toHaveLength(0);
    expect(await settledAt(event.id)).toBeNull();

    // The seller lets the reserve-not-met lot go unsold: the next run releases the last hold and is done.
    await t.db.update(eventLots).set({ status: LOT_STATUS.Unsold }).where(eq(eventLots.id, second.id));
    expect(await settleDeposits(deps)).toEqual({ applied: 0, released: 1, kept: 0 });
    expect(await depositOf(waiting, event.id)).toBe('released');
    expect(await settledAt(event.id)).toBeInstanceOf(Date);
    expect(await settleDeposits(deps)).toEqual({ applied: 0, released: 0, kept: 0 });
    expect(await mailsTo(waiting.email)).toHaveLength(1);
  });

  it('a hold the provider already cancelled (a run that died after the cancel) is still recorded released', async () => {
    const { event } = await auction(t);
    const user = await bidder(t, event.id);
    expect((await register(t, user, event.id)).statusCode).toBe(201);
    const [hold] = await sandboxHoldsOf(t, user.id);
    await deps.provider.cancelHold(hold?.id ?? '');
    await t.db.update(events).set({ status: 'finalized' }).where(eq(events.id, event.id));
    expect((await settleDeposits(deps)).released).toBe(1);
    expect(await depositOf(user, event.id)).toBe('released');
    expect(await settledAt(event.id)).toBeInstanceOf(Date);
  });
});
