import { createTestDatabase } from '@lotline/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentProvider } from './sandbox-provider';

const ORIGIN = 'http://localhost:3000';
const CARD = { number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Pat Buyer' };

/** The sandbox's refunds (decision 0062): of a captured charge or hold, never above what is left, once per reference. */
describe('sandbox refunds', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let sandbox: SandboxPaymentProvider;
  let card: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    sandbox = new SandboxPaymentProvider(handle.db, ORIGIN);
    const { providerSetupId } = await sandbox.createSetup({ reference: 'usr_1', returnUrl: `${ORIGIN}/back` });
    const session = await sandbox.session(providerSetupId);
    if (!session) throw new Error('no session');
    await sandbox.submitCard(session, CARD);
    const result = await sandbox.retrieveSetup(providerSetupId);
    if (result.status !== 'succeeded') throw new Error('not saved');
    card = result.card.id;
  });
  afterAll(() => handle.cleanup());

  const charge = (reference: string) =>
    sandbox.charge({
      paymentMethodId: card,
      customerId: undefined,
      amount: 10_000,
      currency: 'USD',
      reference,
      description: 'Lotline order LL-1',
    });

  it('refunds a charge in parts; the same reference answers the same refund; never above what is left', async () => {
    const paid = await charge('opay_1');
    const first = await sandbox.refund({
      providerPaymentId: paid.id,
      amount: 6_000,
      currency: 'USD',
      reference: 'rfp_1',
    });
    expect(first).toEqual({ id: expect.stringMatching(/^re_sbx_/), status: 'succeeded', amount: 6_000 });
    expect(
      await sandbox.refund({ providerPaymentId: paid.id, amount: 6_000, currency: 'USD', reference: 'rfp_1' }),
    ).toEqual(first);
    await expect(
      sandbox.refund({ providerPaymentId: paid.id, amount: 4_001, currency: 'USD', reference: 'rfp_2' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'At most $40.00 of this payment can be refunded.' });
    const both = await Promise.all([
      sandbox.refund({ providerPaymentId: paid.id, amount: 4_000, currency: 'USD', reference: 'rfp_3' }),
      sandbox.refund({ providerPaymentId: paid.id, amount: 4_000, currency: 'USD', reference: 'rfp_3' }),
    ]);
    expect(both[0]).toEqual(both[1]);
    await expect(
      sandbox.refund({ providerPaymentId: paid.id, amount: 1, currency: 'USD', reference: 'rfp_4' }),
    ).rejects.toMatchObject({ message: 'At most $0.00 of this payment can be refunded.' });
  });

  it('refunds only a captured hold, in its currency; an unknown payment is NOT_FOUND; bad amounts are refused', async () => {
    const hold = await sandbox.authorizeHold({
      paymentMethodId: card,
      customerId: undefined,
      amount: 50_000,
      currency: 'USD',
      reference: 'dh_1',
    });
    const request = { providerPaymentId: hold.id, amount: 1_000, currency: 'USD', reference: 'rfp_h1' };
    await expect(sandbox.refund(request)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This payment is requires_capture; only a captured payment can be refunded.',
    });
    await sandbox.captureHold(hold.id, 20_000);
    await expect(sandbox.refund({ ...request, currency: 'CAD' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(sandbox.refund({ ...request, amount: 20_001 })).rejects.toMatchObject({
      message: 'At most $200.00 of this payment can be refunded.',
    });
    expect(await sandbox.refund(request)).toMatchObject({ status: 'succeeded', amount: 1_000 });
    await expect(sandbox.refund({ ...request, providerPaymentId: 'pi_sbx_none' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(sandbox.refund({ ...request, amount: 0, reference: 'rfp_h2' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
