import { auditLog, autoApprovalRules, registrations, users } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { agree, sellerOf } from '../messaging/test-helpers';
import { createOrderFor } from '../orders/payment/test-orders';
import { auction, bidder, DECLINES_HOLDS, type Person, register } from './test-helpers';

/** A company's auto-approval rules approve a new registration at once with the rule's limit (decision 0080). */
describe('auto-approval rules', () => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await bidder(t, undefined, null);
    await t.db
      .update(users)
      .set({ roles: ['staff'] })
      .where(eq(users.id, staff.id));
  });
  afterAll(() => t.close());

  let n = 0;
  async function ruleFor(companyId: string, over: Partial<typeof autoApprovalRules.$inferInsert> = {}) {
    const id = `aar_test_${++n}`;
    await t.db.insert(autoApprovalRules).values({
      id,
      companyId,
      requireVerified: true,
      requireNoUnpaidOrders: true,
      bidLimitMinor: 500_000,
      bidLimitCurrency: 'USD',
      updatedBy: staff.id,
      ...over,
    });
    return id;
  }
  const rowOf = async (userId: string, eventId: string) =>
    (
      await t.db
        .select({
          status: registrations.status,
          limit: registrations.bidLimitMinor,
          rule: registrations.approvedByRuleId,
        })
        .from(registrations)
        .where(and(eq(registrations.userId, userId), eq(registrations.eventId, eventId)))
    )[0];
  const auditsOf = async (eventId: string) =>
    t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .innerJoin(registrations, eq(registrations.id, auditLog.targetId))
      .where(eq(registrations.eventId, eventId));

  it('a bidder meeting a rule is approved at once with its limit (the most generous rule wins), audited', async () => {
    const { event } = await auction(t, { registrationApprovalRequired: true });
    await ruleFor(event.companyId, { bidLimitMinor: 200_000 });
    const generous = await ruleFor(event.companyId, { bidLimitMinor: 800_000 });
    await ruleFor(event.companyId, { bidLimitMinor: 9_000_000, active: false });
    await ruleFor(event.companyId, { bidLimitMinor: 9_000_000, bidLimitCurrency: 'CAD' });
    const buyer = await bidder(t, event.id);
    const answer = await register(t, buyer, event.id);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({
      status: 'approved',
      deposit: { status: 'held' },
      bidLimit: { amount: 800_000, currency: 'USD' },
    });
    expect(await rowOf(buyer.id, event.id)).toEqual({ status: 'approved', limit: 800_000, rule: generous });
    expect(await auditsOf(event.id)).toEqual([
      {
        action: 'registration.auto-approve',
        actorId: staff.id,
        after: { status: 'approved', bidLimit: { amount: 800_000, currency: 'USD' }, ruleId: generous },
      },
    ]);
  });

  it('a bidder missing a condition stays pending (account age, unpaid order, currency, events without approval)', async () => {
    const { event: young } = await auction(t, { registrationApprovalRequired: true });
    await ruleFor(young.companyId, { minAccountAgeDays: 30 });
    const newcomer = await bidder(t, young.id);
    expect((await register(t, newcomer, young.id)).json().data.status).toBe('pending');
    // Old enough once the account is 31 days old.
    const { event: aged } = await auction(t, { companyId: young.companyId, registrationApprovalRequired: true });
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(users.id, newcomer.id));
    await agree(t, newcomer, aged.id);
    expect((await register(t, newcomer, aged.id)).json().data.status).toBe('approved');

    const { event: owed } = await auction(t, { registrationApprovalRequired: true });
    await ruleFor(owed.companyId);
    const debtor = await bidder(t, owed.id);
    await createOrderFor(t, debtor.id);
    expect((await register(t, debtor, owed.id)).json().data.status).toBe('pending');
    expect(await rowOf(debtor.id, owed.id)).toEqual({ status: 'pending', limit: null, rule: null });

    const { event: cad } = await auction(t, { registrationApprovalRequired: true });
    await ruleFor(cad.companyId, { bidLimitCurrency: 'CAD' });
    const canadian = await bidder(t, cad.id);
    expect((await register(t, canadian, cad.id)).json().data.status).toBe('pending');

    // An event that asks no approval approves as before, without the rule's limit.
    const { event: open } = await auction(t);
    await ruleFor(open.companyId);
    const anyone = await bidder(t, open.id);
    expect((await register(t, anyone, open.id)).json().data).toMatchObject({ status: 'approved', bidLimit: null });
    expect(await auditsOf(young.id)).toEqual([]);
  });

  it('never approves what registering refuses: unverified, terms not agreed, a refused card, one’s own company', async () => {
    const { event } = await auction(t, { registrationApprovalRequired: true });
    await ruleFor(event.companyId, { requireVerified: false, requireNoUnpaidOrders: false, bidLimitMinor: null });
    const unverified = await signUpUser(t);
    await t.db.update(users).set({ verified: false }).where(eq(users.id, unverified.id));
    expect((await register(t, unverified, event.id)).json().errors[0].code).toBe('NOT_VERIFIED');
    const noTerms = await bidder(t, undefined);
    expect((await register(t, noTerms, event.id)).json().errors[0].code).toBe('TERMS_NOT_AGREED');
    const refused = await bidder(t, event.id, DECLINES_HOLDS);
    expect((await register(t, refused, event.id)).statusCode).toBe(402);
    const member = await sellerOf(t, event.companyId);
    await t.db.update(users).set({ verified: true }).where(eq(users.id, member.id));
    await agree(t, member, event.id);
    expect((await register(t, member, event.id)).json().errors[0].code).toBe('OWN_LOT');
    for (const person of [unverified, noTerms, refused, member])
      expect(await rowOf(person.id, event.id)).toBeUndefined();
    expect(await auditsOf(event.id)).toEqual([]);

    // The rule's author never approves their own registration through it.
    const { event: other } = await auction(t, { registrationApprovalRequired: true });
    const author = await bidder(t, other.id);
    await ruleFor(other.companyId, { updatedBy: author.id });
    expect((await register(t, author, other.id)).json().data.status).toBe('pending');
  });
});
