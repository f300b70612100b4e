import { taxExemptions } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { activate, CA_ADDRESS, send, signUpAdmin, storedVerified, US_ADDRESS } from '../account/test-helpers';
import { verificationChecks } from '../account/verification';
import { get, signUpUser } from '../identity/test-helpers';
import { expireTaxExemptions } from './expire-tax-exemptions';
import { signUpStaff, uploadFile } from './test-helpers';

/**
 * Spec §4: a reseller is verified only with an exemption in review or active
 * (or the skip flag). The payment check belongs to the payments slice, so it
 * is stubbed to "has one" here; every other step goes through the real routes.
 */
describe('tax exemptions and users.verified', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    vi.spyOn(verificationChecks, 'hasPaymentMethod').mockResolvedValue(true);
    staff = await signUpStaff(t);
    admin = await signUpAdmin(t);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    return t.close();
  });

  /** An activated user with both addresses: verified unless the reseller step is missing. */
  async function readyBuyer() {
    const buyer = await signUpUser(t);
    await activate(t, buyer.email);
    for (const address of [US_ADDRESS, CA_ADDRESS]) {
      const res = await send(t, 'POST', `/marketplace-api/users/${buyer.id}/addresses`, address, buyer);
      expect(res.statusCode).toBe(201);
    }
    return buyer;
  }
  const setVar = async (as: { cookie: string }, userId: string, key: string, value: unknown) => {
    const res = await send(t, 'PUT', `/marketplace-api/users/${userId}/vars/${key}`, { value }, as);
    expect(res.statusCode, res.body).toBe(200);
  };
  const submit = async (buyer: { cookie: string }) => {
    const fileKey = await uploadFile(t, buyer.cookie);
    const res = await send(t, 'POST', '/ars/api/v2/identity/tax-exemptions/user', { fileKey, region: 'TX' }, buyer);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.taxExemption._id as string;
  };
  const review = async (id: string, action: 'approve' | 'revoke', body: unknown) => {
    const res = await send(t, 'POST', `/ars/api/v2/identity/tax-exemptions/${id}/${action}`, body, staff);
    expect(res.statusCode, res.body).toBe(200);
  };
  const stepOf = async (buyer: { id: string; cookie: string }) =>
    (await get(t, `/marketplace-api/users/${buyer.id}/verification`, buyer.cookie)).json().data;

  it('is recomputed on every submit, approve, revoke and expiry', async () => {
    const buyer = await readyBuyer();
    expect(await storedVerified(t, buyer.id)).toBe(true);
    await setVar(buyer, buyer.id, 'buyer_persona', 'Reseller');
    expect(await storedVerified(t, buyer.id)).toBe(false);
    expect(await stepOf(buyer)).toMatchObject({ taxExemptionRequired: true, taxExemptionSatisfied: false });

    const first = await submit(buyer);
    expect(await storedVerified(t, buyer.id)).toBe(true);
    await review(first, 'revoke', { note: 'Unreadable scan' });
    expect(await storedVerified(t, buyer.id)).toBe(false);

    const second = await submit(buyer);
    expect(await storedVerified(t, buyer.id)).toBe(true);
    await review(second, 'approve', {});
    expect(await storedVerified(t, buyer.id)).toBe(true);
    expect(await stepOf(buyer)).toMatchObject({ taxExemptionSatisfied: true });

    // Time passes the expiry: reads say expired at once, the sweep stores it and recomputes.
    const past = new Date(Date.now() - 60_000);
    await t.db.update(taxExemptions).set({ expiresAt: past }).where(eq(taxExemptions.id, second));
    expect(await stepOf(buyer)).toMatchObject({ taxExemptionSatisfied: false });
    const listed = await get(t, url('/ars/api/v2/identity/tax-exemptions/user', { sort: '-createdAt' }), buyer.cookie);
    expect(listed.json().data.taxExemptions[0]).toMatchObject({ _id: second, status: 'expired' });
    expect(await storedVerified(t, buyer.id)).toBe(true);
    expect(await expireTaxExemptions(t.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await storedVerified(t, buyer.id)).toBe(false);
    const [row] = await t.db.select().from(taxExemptions).where(eq(taxExemptions.id, second));
    expect(row?.status).toBe('expired');
    // An expired exemption is final.
    const again = await send(t, 'POST', `/ars/api/v2/identity/tax-exemptions/${second}/revoke`, { note: 'x' }, staff);
    expect(again.statusCode).toBe(409);
  });

  it('follows the buyer persona: only resellers need an exemption', async () => {
    const buyer = await readyBuyer();
    await setVar(buyer, buyer.id, 'buyer_persona', 'Reseller');
    expect(await storedVerified(t, buyer.id)).toBe(false);
    await setVar(buyer, buyer.id, 'buyer_persona', 'Personal/Business End User');
    expect(await storedVerified(t, buyer.id)).toBe(true);
    await setVar(buyer, buyer.id, 'buyer_persona', 'Reseller');
    expect(await storedVerified(t, buyer.id)).toBe(false);
  });

  it('honours the skip flag set by an admin', async () => {
    const buyer = await readyBuyer();
    await setVar(buyer, buyer.id, 'buyer_persona', 'Reseller');
    expect(await storedVerified(t, buyer.id)).toBe(false);
    await setVar(admin, buyer.id, 'skip-tax-exemption', true);
    expect(await storedVerified(t, buyer.id)).toBe(true);
    await setVar(admin, buyer.id, 'skip-tax-exemption', false);
    expect(await storedVerified(t, buyer.id)).toBe(false);
  });
});
