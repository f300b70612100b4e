import { errorEnvelope } from '@lotline/contracts';
import { featureFlags, orders } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ageOffer, buyerAction, call, HOUR, offer, offerRow, offerScene, sellerAction } from '../offers/test-helpers';
import type { Person } from '../registrations/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { patchCompany } from './test-helpers';

/** A countered offer does not sell while its company is suspended (decision 0076), and does once reactivated. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(featureFlags).values({ key: 'COUNTER_OFFER', enabled: true });
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: errorEnvelope.parse(res.json()).errors[0]?.code,
});

describe("a suspended company's countered offer", () => {
  it('cannot be accepted by the buyer (409 LOT_NOT_OPEN, no order) until the company is reactivated', async () => {
    const staff = (await signUpStaff(t)) as Person;
    const { event, lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id, { amount: 80_000 });
    await ageOffer(t, id, 2 * HOUR);
    const countered = await call(t, seller, sellerAction(id, 'counter'), { amount: 90_000 });
    expect(countered.statusCode, countered.body).toBe(200);
    expect((await patchCompany(t, staff.cookie, event.companyId, { status: 'suspended' })).statusCode).toBe(200);

    const refused = await call(t, buyer, buyerAction(buyer.id, id, 'accept'), undefined, 'accept-suspended');
    expect(errorOf(refused)).toEqual({ status: 409, code: 'LOT_NOT_OPEN' });
    expect((await offerRow(t, id))?.status).toBe('countered');
    expect(await t.db.select().from(orders).where(eq(orders.buyerUserId, buyer.id))).toEqual([]);

    expect((await patchCompany(t, staff.cookie, event.companyId, { status: 'active' })).statusCode).toBe(200);
    const accepted = await call(t, buyer, buyerAction(buyer.id, id, 'accept'), undefined, 'accept-active');
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
