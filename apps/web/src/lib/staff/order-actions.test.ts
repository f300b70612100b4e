import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../auth/api-call.server', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const { staffCancelOrderAction } = await import('./order-actions');

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const empty = { fieldErrors: {}, values: {} };

beforeEach(() => callApi.mockReset());

/** Staff's cancel dialog (decision 0091): the reason checked first, a key per dialog and reason, the API's words. */
describe('staffCancelOrderAction', () => {
  it('posts the reason to the staff route with one key per dialog and reason', async () => {
    callApi.mockResolvedValue({ ok: true, status: 200, data: {} });
    const fields = { reason: ' Fraud reported ', formKey: 'k1' };
    const done = await staffCancelOrderAction('ord_1', empty, form(fields));
    await staffCancelOrderAction('ord_1', empty, form(fields));
    await staffCancelOrderAction('ord_1', empty, form({ ...fields, reason: 'Other' }));
    expect(done.success).toBe('Order cancelled. The buyer and the seller have been told.');
    const [first, second, third] = callApi.mock.calls;
    expect(first?.slice(0, 3)).toEqual([
      'POST',
      '/marketplace-api/staff/orders/ord_1/cancel',
      { reason: 'Fraud reported' },
    ]);
    expect(first?.[3]).toEqual(second?.[3]);
    expect(first?.[3]).not.toEqual(third?.[3]);
  });

  it('refuses an empty reason before asking, and shows the API’s refusal', async () => {
    const bad = await staffCancelOrderAction('ord_1', empty, form({ reason: ' ', formKey: 'k' }));
    expect(bad.fieldErrors).toEqual({ reason: 'Say why you cancel the order.' });
    expect(callApi).not.toHaveBeenCalled();
    callApi.mockResolvedValueOnce({
      ok: false,
      status: 403,
      error: { code: 'OWN_RECORD', message: 'Another staff member must do this.' },
    });
    const refused = await staffCancelOrderAction('ord_1', empty, form({ reason: 'Mine', formKey: 'k' }));
    expect(refused).toMatchObject({ error: 'Another staff member must do this.', values: { reason: 'Mine' } });
  });
});
