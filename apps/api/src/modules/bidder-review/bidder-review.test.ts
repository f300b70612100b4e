import { auditLog, companies, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { freshIp, get, ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { createOrderFor } from '../orders/payment/test-orders';
import { auction, bidder, type Person, register } from '../registrations/test-helpers';

/** Staff's bidder review queue across events with risk signals, and the auto-approval rules' routes (decision 0080). */
describe('bidder review', () => {
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

  const queue = (cookie: string, query = 'status=pending') =>
    get(t, `/marketplace-api/staff/registrations?${query}`, cookie);
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        cookie,
        'x-forwarded-for': freshIp(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('lists pending registrations across companies with each bidder’s risk signals; staff only', async () => {
    const a = await auction(t, { registrationApprovalRequired: true, name: 'Mill A' });
    const b = await auction(t, { registrationApprovalRequired: true, name: 'Mill B' });
    const risky = await bidder(t, a.event.id);
    const calm = await bidder(t, b.event.id);
    expect((await register(t, risky, a.event.id)).statusCode).toBe(201);
    expect((await register(t, calm, b.event.id)).statusCode).toBe(201);
    // The risky bidder owes an order, and shares a card with a disabled account.
    await createOrderFor(t, risky.id);
    const twin = await bidder(t, undefined);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, twin.id));

    const answer = await queue(staff.cookie, 'status=pending&pageSize=100');
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().data.registrations as { user: { id: string }; [k: string]: unknown }[];
    const riskyRow = rows.find((r) => r.user.id === risky.id);
    const [companyA] = await t.db.select().from(companies).where(eq(companies.id, a.event.companyId));
    expect(riskyRow).toMatchObject({
      status: 'pending',
      auctionId: a.event.id,
      event: { id: a.event.id, name: 'Mill A', companyId: a.event.companyId, companyName: companyA?.name },
      signals: {
        accountAgeDays: 0,
        verified: true,
        pastWins: 0,
        unpaidOrders: 1,
        overdueOrders: 0,
        cancelledOrders: 0,
      },
    });
    const signals = riskyRow?.signals as { disabledLinkedAccounts: { id: string; via: string }[] } | undefined;
    const linked = signals?.disabledLinkedAccounts;
    expect(linked).toContainEqual({ id: twin.id, email: twin.email, via: 'card' });
    expect(rows.find((r) => r.user.id === calm.id)).toMatchObject({
      event: { id: b.event.id },
      signals: { unpaidOrders: 0 },
    });
    expect(answer.json().data.pagination).toMatchObject({ pageNumber: 1, pageSize: 100 });

    // The event's seller reads its own list in the seller console: the staff path refuses it (decision 0098).
    const seller = await sellerOf(t, a.event.companyId);
    expect((await queue(seller.cookie)).statusCode).toBe(403);
    expect((await queue(seller.cookie, `eventId=${a.event.id}`)).statusCode).toBe(403);
    expect((await queue(risky.cookie)).statusCode).toBe(403);
    expect((await queue('')).statusCode).toBe(401);
    expect((await queue(staff.cookie, 'status=maybe')).statusCode).toBe(400);
    expect((await queue(staff.cookie, 'pageSize=0')).statusCode).toBe(400);
  });

  it('staff create, edit and delete a company’s rules, each audited; bad input and non-staff change nothing', async () => {
    const { event } = await auction(t);
    const body = {
      companyId: event.companyId,
      requireVerified: true,
      requireNoUnpaidOrders: true,
      minAccountAgeDays: null,
      bidLimit: 500_000,
      currency: 'USD',
    };
    const created = await send('POST', '/marketplace-api/staff/auto-approval-rules', staff.cookie, body);
    expect(created.statusCode).toBe(201);
    const rule = created.json().data.rule;
    expect(rule).toMatchObject({ company: { id: event.companyId }, bidLimit: 500_000, active: true });
    const url = `/marketplace-api/staff/auto-approval-rules/${rule._id}`;

    for (const bad of [
      { ...body, bidLimit: 0 },
      { ...body, minAccountAgeDays: -1 },
      { ...body, currency: 'EUR' },
      { ...body, extra: 1 },
      { ...body, requireVerified: 'yes' },
    ]) {
      expect((await send('POST', '/marketplace-api/staff/auto-approval-rules', staff.cookie, bad)).statusCode).toBe(
        400,
      );
      expect((await send('PUT', url, staff.cookie, bad)).statusCode).toBe(400);
    }
    const unknown = await send('POST', '/marketplace-api/staff/auto-approval-rules', staff.cookie, {
      ...body,
      companyId: 'co_unknown',
    });
    expect(unknown.statusCode).toBe(404);
    const moved = await send('PUT', url, staff.cookie, { ...body, companyId: 'co_other' });
    expect(moved.statusCode).toBe(400);
    const seller = await sellerOf(t, event.companyId);
    expect((await send('PUT', url, seller.cookie, { ...body, bidLimit: 1 })).statusCode).toBe(403);
    expect((await get(t, '/marketplace-api/staff/auto-approval-rules', seller.cookie)).statusCode).toBe(403);
    expect((await send('DELETE', url, '')).statusCode).toBe(401);

    const edited = await send('PUT', url, staff.cookie, { ...body, bidLimit: 700_000, minAccountAgeDays: 30 });
    expect(edited.json().data.rule).toMatchObject({ bidLimit: 700_000, minAccountAgeDays: 30 });
    const listed = await get(
      t,
      `/marketplace-api/staff/auto-approval-rules?companyId=${event.companyId}`,
      staff.cookie,
    );
    expect(listed.json().data.rules).toHaveLength(1);
    expect((await send('DELETE', url, staff.cookie)).json().data).toEqual({ deleted: true });
    expect((await send('DELETE', url, staff.cookie)).statusCode).toBe(404);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, rule._id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'auto-approval-rule.create',
      'auto-approval-rule.delete',
      'auto-approval-rule.update',
    ]);
    expect(entries.find((e) => e.action === 'auto-approval-rule.update')).toMatchObject({
      actorId: staff.id,
      before: { bidLimit: 500_000, minAccountAgeDays: null },
      after: { bidLimit: 700_000, minAccountAgeDays: 30 },
    });
  });
});
