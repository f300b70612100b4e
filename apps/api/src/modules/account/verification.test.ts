import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { activate, CA_ADDRESS, send, signUpAdmin, storedVerified, US_ADDRESS } from './test-helpers';
import { verificationChecks } from './verification';

/**
 * Spec §4 "Logged-in user verification". No payment-method table exists yet,
 * so the payment check is replaced here by a spy where a test needs a user
 * who has one; everything else goes through the real routes.
 */
describe('verification state and users.verified', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => {
    vi.restoreAllMocks();
    return t.close();
  });

  const state = async (id: string, cookie: string) =>
    (await get(t, `/marketplace-api/users/${id}/verification`, cookie)).json().data;
  const me = async (cookie: string) => (await get(t, '/marketplace-api/users/me', cookie)).json().data;
  const addAddress = async (id: string, cookie: string, body: object) => {
    const res = await send(t, 'POST', `/marketplace-api/users/${id}/addresses`, body, { cookie });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };

  it('starts with every step missing', async () => {
    const { id, cookie } = await signUpUser(t);
    expect(await state(id, cookie)).toEqual({
      hasPaymentMethod: false,
      hasAddress: false,
      hasBillingAddress: false,
      hasShippingAddress: false,
      isActivated: false,
      isAccountSetupCompleted: false,
      taxExemptionRequired: false,
      taxExemptionSatisfied: true,
      verified: false,
    });
    expect((await me(cookie)).verified).toBe(false);
  });

  it('without a payment method a user is never verified, even with addresses and activation', async () => {
    const { id, cookie, email } = await signUpUser(t);
    await activate(t, email);
    await addAddress(id, cookie, US_ADDRESS);
    await addAddress(id, cookie, CA_ADDRESS);
    expect(await state(id, cookie)).toMatchObject({
      hasPaymentMethod: false,
      hasAddress: true,
      isActivated: true,
      isAccountSetupCompleted: false,
      verified: false,
    });
    expect(await storedVerified(t, id)).toBe(false);
  });

  describe('with a payment method', () => {
    beforeAll(() => {
      vi.spyOn(verificationChecks, 'hasPaymentMethod').mockResolvedValue(true);
    });

    it('needs a billing AND a shipping address, and activation; follows every change in users/me', async () => {
      const { id, cookie, email } = await signUpUser(t);
      const billing = await addAddress(id, cookie, US_ADDRESS);
      expect(await state(id, cookie)).toMatchObject({ hasAddress: true, isAccountSetupCompleted: false });
      await activate(t, email);
      // One address and activation complete the account setup (spec §4), but not verification.
      expect(await state(id, cookie)).toMatchObject({
        hasBillingAddress: true,
        hasShippingAddress: false,
        isActivated: true,
        isAccountSetupCompleted: true,
        verified: false,
      });
      expect((await me(cookie)).verified).toBe(false);

      const shipping = await addAddress(id, cookie, CA_ADDRESS);
      expect((await me(cookie)).verified).toBe(true);
      expect(await storedVerified(t, id)).toBe(true);

      // Turning the shipping address into a second billing one loses the shipping step.
      await send(
        t,
        'PUT',
        `/marketplace-api/users/${id}/addresses/${shipping}`,
        { ...CA_ADDRESS, type: 'billing' },
        {
          cookie,
        },
      );
      expect((await me(cookie)).verified).toBe(false);
      await send(t, 'PUT', `/marketplace-api/users/${id}/addresses/${shipping}`, CA_ADDRESS, { cookie });
      expect((await me(cookie)).verified).toBe(true);

      await send(t, 'DELETE', `/marketplace-api/users/${id}/addresses/${billing}`, undefined, { cookie });
      expect((await me(cookie)).verified).toBe(false);
      expect(await storedVerified(t, id)).toBe(false);
    });

    it('activation recomputes the flag when it is the last step', async () => {
      const { id, cookie, email } = await signUpUser(t);
      await addAddress(id, cookie, US_ADDRESS);
      await addAddress(id, cookie, CA_ADDRESS);
      expect((await me(cookie)).verified).toBe(false);
      await activate(t, email);
      expect((await me(cookie)).verified).toBe(true);
    });

    it('a reseller also needs a tax exemption or the staff skip flag', async () => {
      const { id, cookie, email } = await signUpUser(t, { buyerPersona: 'Reseller' });
      await activate(t, email);
      await addAddress(id, cookie, US_ADDRESS);
      await addAddress(id, cookie, CA_ADDRESS);
      expect(await state(id, cookie)).toMatchObject({
        isAccountSetupCompleted: true,
        taxExemptionRequired: true,
        taxExemptionSatisfied: false,
        verified: false,
      });
      expect((await me(cookie)).verified).toBe(false);

      const admin = await signUpAdmin(t);
      const skip = (value: boolean) =>
        send(t, 'PUT', `/marketplace-api/users/${id}/vars/skip-tax-exemption`, { value }, { cookie: admin.cookie });
      expect((await skip(true)).statusCode).toBe(200);
      expect((await me(cookie)).verified).toBe(true);
      expect((await skip(false)).statusCode).toBe(200);
      expect((await me(cookie)).verified).toBe(false);
    });

    it('changing the buyer persona recomputes the flag', async () => {
      const { id, cookie, email } = await signUpUser(t);
      await activate(t, email);
      await addAddress(id, cookie, US_ADDRESS);
      await addAddress(id, cookie, CA_ADDRESS);
      expect((await me(cookie)).verified).toBe(true);
      const persona = (value: string) =>
        send(t, 'PUT', `/marketplace-api/users/${id}/vars/buyer_persona`, { value }, { cookie });
      await persona('Reseller');
      expect((await me(cookie)).verified).toBe(false);
      await persona('Personal/Business End User');
      expect((await me(cookie)).verified).toBe(true);
    });
  });

  it('answers 401 to a visitor and 403 for another user; an admin may read', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const admin = await signUpAdmin(t);
    const path = `/marketplace-api/users/${owner.id}/verification`;
    expect((await get(t, path)).statusCode).toBe(401);
    expect((await get(t, path, other.cookie)).statusCode).toBe(403);
    expect((await get(t, path, admin.cookie)).statusCode).toBe(200);
  });
});
