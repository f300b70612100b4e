import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../auth/api-call.server', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const { refundOrderAction } = await import('./refund-actions');

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const target = { orderId: 'ord_1', currency: 'USD' };
const empty = { fieldErrors: {}, values: {} };
const URL = '/marketplace-api/seller/orders/ord_1/refunds';

const refunded = (over: Record<string, unknown> = {}, message: string | null = null) => ({
  ok: true,
  status: 201,
  data: {
    refund: {
      _id: 'rf_1',
      number: 'CN-100001',
      amount: 1_250,
      reason: 'Dent',
      status: 'succeeded',
      createdAt: '2030-01-01T12:00:00.000Z',
      succeededAt: '2030-01-01T12:00:01.000Z',
      failureMessage: null,
      ...over,
    },
    message,
  },
});

beforeEach(() => callApi.mockReset());

/** The refund dialog's action (decision 0062): the typed amount in minor units, a key per dialog and value, the API's words. */
describe('refundOrderAction', () => {
  it('sends the typed amount in minor units with a key of the dialog and what was typed; the same typing, the same key', async () => {
    callApi.mockResolvedValue(refunded());
    const fields = { amount: '12.50', reason: ' Dent ', formKey: 'k1' };
    await refundOrderAction(target, empty, form(fields));
    await refundOrderAction(target, empty, form(fields));
    await refundOrderAction(target, empty, form({ ...fields, amount: '12.51' }));
    const [first, second, third] = callApi.mock.calls;
    expect(first?.slice(0, 3)).toEqual(['POST', URL, { amount: 1_250, reason: 'Dent' }]);
    expect(first?.[3]).toEqual(second?.[3]);
    expect(first?.[3]).not.toEqual(third?.[3]);
  });

  it('says what was refunded, and what is left to do', async () => {
    callApi.mockResolvedValueOnce(refunded());
    expect(
      (await refundOrderAction(target, empty, form({ amount: '12.50', reason: 'Dent', formKey: 'k' }))).success,
    ).toBe('Refunded $12.50: credit note CN-100001 is on its way to the buyer.');
    callApi.mockResolvedValueOnce(refunded({}, 'Send $12.50 back to the buyer by bank transfer.'));
    expect(
      (await refundOrderAction(target, empty, form({ amount: '12.50', reason: 'Dent', formKey: 'k' }))).success,
    ).toBe(
      'Refunded $12.50: credit note CN-100001 is on its way to the buyer. Send $12.50 back to the buyer by bank transfer.',
    );
  });

  it('refuses a bad amount or an empty reason before asking; shows the API’s refusal under the amount or above the form', async () => {
    const bad = await refundOrderAction(target, empty, form({ amount: '12.505', reason: '', formKey: 'k' }));
    expect(bad.fieldErrors).toEqual({
      amount: 'Enter at most 2 digits after the decimal point.',
      reason: 'Say why you refund the buyer.',
    });
    expect(callApi).not.toHaveBeenCalled();
    callApi.mockResolvedValueOnce({
      ok: false,
      status: 409,
      error: { code: 'CONFLICT', message: 'At most $40.00 can be refunded.', field: 'amount' },
    });
    const above = await refundOrderAction(target, empty, form({ amount: '50', reason: 'Dent', formKey: 'k' }));
    expect(above).toMatchObject({
      fieldErrors: { amount: 'At most $40.00 can be refunded.' },
      values: { amount: '50' },
    });
    callApi.mockResolvedValueOnce({
      ok: false,
      status: 409,
      error: { code: 'REFUND_FAILED', message: 'CN-100002 was not refunded: the card has expired.' },
    });
    const failed = await refundOrderAction(target, empty, form({ amount: '5', reason: 'Dent', formKey: 'k' }));
    expect(failed.error).toBe('CN-100002 was not refunded: the card has expired.');
  });

  it("staff's dialog posts to the staff route (decision 0091)", async () => {
    callApi.mockResolvedValueOnce(refunded());
    await refundOrderAction({ ...target, side: 'staff' }, empty, form({ amount: '1', reason: 'Dent', formKey: 'k' }));
    expect(callApi.mock.calls[0]?.[1]).toBe('/marketplace-api/staff/orders/ord_1/refunds');
  });
});
