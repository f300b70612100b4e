import { pino } from 'pino';
import type { TestApp } from '../../../test/app';
import { ORIGIN } from '../../identity/test-helpers';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import { createOrder } from '../create-order';

/** A buy-now order of one $250.00 unit for the payment tests, made through `createOrder`. */
export async function createOrderFor(
  t: TestApp,
  buyerId: string,
  options: { approval?: 'approved' | 'awaiting'; currency?: string } = {},
) {
  const lot = await t.make.lot({ type: 'BuyItNowItem', buyItNowPrice: 25_000, currency: options.currency ?? 'USD' });
  const mail = { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: ORIGIN };
  return t.db.transaction((tx) =>
    createOrder(
      tx,
      {
        source: 'buy-now',
        buyerUserId: buyerId,
        lotId: lot.id,
        quantity: 1,
        unitPrice: 25_000,
        approval: options.approval ?? 'approved',
      },
      mail,
    ),
  );
}
