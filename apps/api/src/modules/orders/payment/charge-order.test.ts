import { orderPayments, orders } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import { VISA } from '../../payments/test-helpers';
import { bidder, DECLINES_HOLDS, extraCard } from '../../registrations/test-helpers';
import { createOrder, type OrderMailDeps } from '../create-order';
import { chargeOrder } from './charge-order';

let t: TestApp;
let provider: SandboxPaymentProvider;
let mailDeps: OrderMailDeps;
beforeAll(async () => {
  t = await createTestApp();
  provider = new SandboxPaymentProvider(t.db, 'https://lotline.test');
  mailDeps = { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
});
afterAll(() => t.close());

async function orderFor(buyerId: string, approval: 'approved' | 'awaiting' = 'approved') {
  const lot = await t.make.lot({ type: 'BuyItNowItem', buyItNowPrice: 25_000 });
  return t.db.transaction((tx) =>
    createOrder(
      tx,
      {
        source: 'buy-now',
        buyerUserId: buyerId,
        lotId: lot.id,
        quantity: 1,
        unitPrice: 25_000,
        approval,
      },
      mailDeps,
    ),
  );
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (id: string) => t.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));

describe('chargeOrder (sandbox)', () => {
  it('charges the amount due once: the order is paid, a second charge is refused and charges nothing', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await orderFor(buyer.id);
    expect(await chargeOrder({ db: t.db, provider, mail: mailDeps }, order.id)).toMatchObject({ status: 'paid' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPaid', paymentKind: 'card', paymentError: null });
    await expect(chargeOrder({ db: t.db, provider, mail: mailDeps }, order.id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const payments = await paymentsOf(order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', amount: 25_000 });
  });

  it('a declined card leaves the order pending with the message; another card then pays it', async () => {
    const buyer = await bidder(t, undefined, DECLINES_HOLDS);
    const order = await orderFor(buyer.id);
    expect(await chargeOrder({ db: t.db, provider, mail: mailDeps }, order.id)).toMatchObject({
      status: 'failed',
      message: 'Your card was declined.',
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPending', paymentError: 'Your card was declined.' });
    const visa = await extraCard(t, buyer, VISA);
    expect(
      await chargeOrder({ db: t.db, provider, mail: mailDeps }, order.id, { paymentMethodId: visa.id }),
    ).toMatchObject({
      status: 'paid',
    });
    expect((await paymentsOf(order.id)).map((p) => p.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('refuses an order the seller has not approved, and a buyer without a card fails with a clear message', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const awaiting = await orderFor(buyer.id, 'awaiting');
    await expect(chargeOrder({ db: t.db, provider, mail: mailDeps }, awaiting.id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const cardless = await bidder(t, undefined, null);
    const order = await orderFor(cardless.id);
    expect(await chargeOrder({ db: t.db, provider, mail: mailDeps }, order.id)).toMatchObject({ status: 'failed' });
    expect((await orderRow(order.id))?.paymentError).toMatch(/Add a card/);
  });
});
