import { orderPayments, paymentMethods, sandboxHolds } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { ORIGIN } from '../../identity/test-helpers';
import type { ChargeState } from '../../payments/provider';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import { VISA } from '../../payments/test-helpers';
import { bidder } from '../../registrations/test-helpers';
import { chooseWire } from './choose-wire';
import { NOT_AT_PROVIDER, resolveStuckPayments } from './resolve-stuck-payments';
import { type Attempt, attemptRow, historyOf, mail, orderRow, processingOrder } from './test-webhooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The sandbox, except that the charges named here are still `processing` there. */
class SlowBank extends SandboxPaymentProvider {
  readonly processing = new Set<string>();
  override async retrieveCharge(lookup: { providerPaymentId: string | null; reference: string }) {
    if (this.processing.has(lookup.reference)) {
      return {
        id: lookup.providerPaymentId ?? 'pi_x',
        status: 'processing',
        amount: 0,
        currency: 'USD',
      } as ChargeState;
    }
    return super.retrieveCharge(lookup);
  }
}

const provider = () => new SlowBank(t.db, ORIGIN);
const run = (bank: SlowBank) =>
  resolveStuckPayments({ db: t.db, provider: bank, mail: mail(t), log: pino({ level: 'silent' }) });

/** A card charge left `processing`, last tried `minutesAgo` by the database clock. */
async function stuck(minutesAgo: number) {
  const buyer = await bidder(t, undefined, VISA);
  const { order, payment } = await processingOrder(t, buyer);
  await t.db
    .update(orderPayments)
    .set({ updatedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(orderPayments.id, payment.id));
  return { buyer, order, payment };
}

/** The provider did take the money: its (sandbox) charge exists, captured. */
async function chargedAtProvider(buyerId: string, payment: Attempt) {
  const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, buyerId));
  await t.db.insert(sandboxHolds).values({
    id: payment.providerPaymentId as string,
    cardId: card?.providerPaymentMethodId as string,
    amount: payment.amount,
    amountCaptured: payment.amount,
    currency: payment.currency,
    status: 'succeeded',
    reference: `charge:${payment.id}`,
  });
}

describe('resolve-stuck-payments', () => {
  it('asks the provider about charges processing past 30 minutes and decides each as it answers', async () => {
    const failed = await stuck(31);
    const paid = await stuck(45);
    const slow = await stuck(60);
    const fresh = await stuck(5);
    await chargedAtProvider(paid.buyer.id, paid.payment);
    const bank = provider();
    bank.processing.add(slow.payment.id);
    // While the first is processing the buyer cannot switch to wire.
    await expect(chooseWire(t.db, failed.buyer.id, failed.order.id, true)).rejects.toMatchObject({ code: 'CONFLICT' });

    const outcomes = await run(bank);
    expect(outcomes[failed.payment.id]).toBe('failed');
    expect(outcomes[paid.payment.id]).toBe('succeeded');
    expect(outcomes[slow.payment.id]).toBe('processing');
    // Not past the deadline: not asked.
    expect(outcomes[fresh.payment.id]).toBeUndefined();

    // Unknown to the provider: failed, the order back to no payment kind, and wire possible now.
    expect(await attemptRow(t, failed.payment.id)).toMatchObject({ status: 'failed', failureMessage: NOT_AT_PROVIDER });
    expect(await orderRow(t, failed.order.id)).toMatchObject({ status: 'OrderPending', paymentKind: null });
    await chooseWire(t.db, failed.buyer.id, failed.order.id, true);
    expect(await orderRow(t, failed.order.id)).toMatchObject({ paymentKind: 'wire' });

    // Taken by the provider: the normal success path pays the order.
    expect(await attemptRow(t, paid.payment.id)).toMatchObject({ status: 'succeeded' });
    expect(await orderRow(t, paid.order.id)).toMatchObject({ status: 'OrderPaid', paymentKind: 'card' });
    expect((await historyOf(t, paid.order.id)).filter((e) => e === 'paid')).toHaveLength(1);

    // Still processing there, and not yet due: left as they are.
    expect(await attemptRow(t, slow.payment.id)).toMatchObject({ status: 'processing' });
    expect(await attemptRow(t, fresh.payment.id)).toMatchObject({ status: 'processing' });

    // The next run asks again about the slow one only; what was decided stays decided.
    bank.processing.clear();
    await chargedAtProvider(slow.buyer.id, slow.payment);
    const again = await run(bank);
    expect(again[slow.payment.id]).toBe('succeeded');
    expect(again[failed.payment.id]).toBeUndefined();
    expect(again[paid.payment.id]).toBeUndefined();
    expect((await historyOf(t, paid.order.id)).filter((e) => e === 'paid')).toHaveLength(1);
  });
});
