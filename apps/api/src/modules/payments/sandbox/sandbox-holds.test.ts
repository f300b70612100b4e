import { createTestDatabase } from '@lotline/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentProvider } from './sandbox-provider';

const ORIGIN = 'http://localhost:3000';
const CARD = { expiry: '12 / 34', cvc: '123', name: 'Pat Buyer' };

describe('sandbox holds (authorise with manual capture, capture, cancel)', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let sandbox: SandboxPaymentProvider;
  beforeAll(async () => {
    handle = await createTestDatabase();
    sandbox = new SandboxPaymentProvider(handle.db, ORIGIN, () => new Date('2026-11-22T03:00:00Z'));
  });
  afterAll(() => handle.cleanup());

  /** A card saved through the provider's own page flow; answers its payment-method id. */
  async function savedCard(number: string) {
    const { providerSetupId } = await sandbox.createSetup({ reference: 'usr_1', returnUrl: `${ORIGIN}/back` });
    const session = await sandbox.session(providerSetupId);
    if (!session) throw new Error('no session');
    const outcome = await sandbox.submitCard(session, { ...CARD, number });
    expect(outcome.kind).toBe('saved');
    const result = await sandbox.retrieveSetup(providerSetupId);
    if (result.status !== 'succeeded') throw new Error('not saved');
    expect(result.reference).toBe('usr_1');
    return result.card.id;
  }

  it('holds an amount in minor units, captures part of it, and refuses a second capture or a cancel', async () => {
    const card = await savedCard('4242424242424242');
    const hold = await sandbox.authorizeHold({
      paymentMethodId: card,
      customerId: undefined,
      amount: 50_000,
      currency: 'USD',
      reference: 'reg_1',
    });
    expect(hold).toEqual({
      id: expect.stringMatching(/^pi_sbx_/),
      status: 'requires_capture',
      amount: 50_000,
      amountCaptured: 0,
      currency: 'USD',
    });
    await expect(sandbox.captureHold(hold.id, 60_000)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await sandbox.captureHold(hold.id, 20_000)).toMatchObject({ status: 'succeeded', amountCaptured: 20_000 });
    await expect(sandbox.captureHold(hold.id)).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
    await expect(sandbox.cancelHold(hold.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('answers the hold already placed when asked again with the same reference (a retry never doubles a hold)', async () => {
    const card = await savedCard('4242424242424242');
    const request = {
      paymentMethodId: card,
      customerId: undefined,
      amount: 25_000,
      currency: 'USD',
      reference: 'dh_1',
    };
    const first = await sandbox.authorizeHold(request);
    expect(await sandbox.authorizeHold(request)).toEqual(first);
    const other = await sandbox.authorizeHold({ ...request, reference: 'dh_2' });
    expect(other.id).not.toBe(first.id);
  });

  it('captures the full amount by default', async () => {
    const card = await savedCard('5555555555554444');
    const hold = await sandbox.authorizeHold({
      paymentMethodId: card,
      customerId: undefined,
      amount: 12_345,
      currency: 'CAD',
      reference: 'reg_2',
    });
    expect(await sandbox.captureHold(hold.id)).toMatchObject({ status: 'succeeded', amountCaptured: 12_345 });
  });

  it('cancels a hold (the deposit of a bidder who did not win), once', async () => {
    const card = await savedCard('4242424242424242');
    const hold = await sandbox.authorizeHold({
      paymentMethodId: card,
      customerId: undefined,
      amount: 10_000,
      currency: 'USD',
      reference: 'reg_3',
    });
    expect(await sandbox.cancelHold(hold.id)).toMatchObject({ status: 'canceled', amountCaptured: 0 });
    await expect(sandbox.cancelHold(hold.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(sandbox.captureHold(hold.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('declines holds on the 0341 test card, on a detached card and on bad amounts', async () => {
    const failing = await savedCard('4000000000000341');
    const base = { customerId: undefined, amount: 10_000, currency: 'USD', reference: 'reg_4' };
    await expect(sandbox.authorizeHold({ ...base, paymentMethodId: failing })).rejects.toMatchObject({
      code: 'PAYMENT_DECLINED',
      status: 402,
      message: 'Your card was declined.',
    });
    const card = await savedCard('4242424242424242');
    await expect(sandbox.authorizeHold({ ...base, paymentMethodId: card, amount: 10.5 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'amount',
    });
    await expect(sandbox.authorizeHold({ ...base, paymentMethodId: card, amount: 0 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(sandbox.authorizeHold({ ...base, paymentMethodId: card, currency: 'usd' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'currency',
    });
    await sandbox.detachPaymentMethod(card);
    await expect(sandbox.authorizeHold({ ...base, paymentMethodId: card })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(sandbox.captureHold('pi_sbx_unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
