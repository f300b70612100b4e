import { LOT_STATUS } from '@lotline/domain';
import { pino } from 'pino';
import type { TestApp } from '../../test/app';
import { changeLotStatus } from '../lots/change-lot-status';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { changeOrder } from '../orders/change-order';
import { createOrder, type NewOrder } from '../orders/create-order';
import { chooseWire } from '../orders/payment/choose-wire';
import { markWireReceived } from '../orders/payment/staff-wires';
import { refundOrder } from '../orders/refund-order';
import { buy, buyNowLot } from '../orders/test-helpers';
import { refundDeps } from '../orders/test-refunds';
import { sellerScene } from '../seller-events/test-helpers';

/**
 * A closed event of every outcome, made by the orders' own use-cases: a lot
 * sold and paid by wire, one sold with its deposit applied and the rest owed,
 * one passed (no bids), one whose reserve was not met, a buy-now item with an
 * order and a cancelled one, and a CAD lot sold (the totals never mix
 * currencies). Names outside Latin-1 and a formula-like lot name.
 */
export const results = (eventId: string, query = '') => `/marketplace-api/seller/events/${eventId}/results${query}`;

const mail = (t: TestApp) => ({
  mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
  publicOrigin: 'https://lotline.test',
});

export async function closedEventScene(t: TestApp) {
  const scene = await sellerScene(t);
  const winner = scene.buyer;
  const { company, seller } = scene;
  const event = await t.make.event({ companyId: company.id, buyersPremiumBps: 1000, name: 'Łódź plant closure' });
  const location = await t.make.location({ eventId: event.id, taxRate: 8.25 });
  const lot = (number: string, overrides: Parameters<TestApp['make']['lot']>[0]) =>
    t.make.lot({
      companyId: company.id,
      eventId: event.id,
      dispositionLocationId: location.id,
      number,
      sequence: Number(number),
      ...overrides,
    });
  const sold = { type: 'AuctionLot' as const, status: LOT_STATUS.Sold, bidsCount: 4, leaderUserId: winner.id };
  const order = (lotId: string, unitPrice: number, extra: Partial<NewOrder> = {}) =>
    t.db.transaction((tx) =>
      createOrder(
        tx,
        { source: 'auction', buyerUserId: winner.id, lotId, quantity: 1, unitPrice, approval: 'approved', ...extra },
        mail(t),
      ),
    );

  const paidLot = await lot('1', { ...sold, name: 'Żuraw Ærøskøbing crane', currentBidAmount: 50_000 });
  const paid = await order(paidLot.id, 50_000);
  await chooseWire(t.db, winner.id, paid.id, true);
  await t.db.transaction((tx) => markWireReceived(tx, mail(t), paid.id, seller.id));
  // The tax given back (by transfer: it was paid by wire): the seller is owed the rest.
  await refundOrder(refundDeps(t), paid.id, { amount: 4_538, reason: 'Tax exempt after all', actorUserId: seller.id });

  const owedLot = await lot('2', { ...sold, name: '=HYPERLINK("http://evil")', currentBidAmount: 20_000 });
  const owed = await order(owedLot.id, 20_000, { depositApplied: 5_000 });

  const passed = await lot('3', { type: 'AuctionLot', status: LOT_STATUS.Unsold, bidsCount: 0 });
  const reserveNotMet = await lot('4', {
    type: 'AuctionLot',
    status: LOT_STATUS.Ended,
    bidsCount: 3,
    reserveBid: 90_000,
    reserveMet: false,
    currentBidAmount: 70_000,
    leaderUserId: winner.id,
  });

  const item = await buyNowLot(t, {
    companyId: company.id,
    eventId: event.id,
    dispositionLocationId: location.id,
    number: '5',
    sequence: 5,
  });
  const bought = await buy(t, winner.id, item.id, { quantity: 2 });
  const cancelled = await buy(t, winner.id, item.id);
  await t.db.transaction((tx) => changeOrder(tx, cancelled.id, 'cancel'));
  await changeLotStatus(t.db, item.id, 'end');

  const cadLot = await lot('6', { ...sold, currency: 'CAD', currentBidAmount: 30_000 });
  const cad = await order(cadLot.id, 30_000);

  return {
    ...scene,
    event,
    lots: { paidLot, owedLot, passed, reserveNotMet, item, cadLot },
    orders: { paid, owed, bought, cancelled, cad },
  };
}

export type ClosedEventScene = Awaited<ReturnType<typeof closedEventScene>>;
