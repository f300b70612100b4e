import type { Order, StaffOrder } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaffOrderView } from './staff-order-view';

const ORDER: Order = {
  _id: 'ord_1',
  number: 'LL-100042',
  status: 'OrderPaid',
  currency: 'USD',
  lines: [{ eventLotId: 'lot_7', name: 'Haas VF-2 mill', quantity: 1, unitPrice: 1_000_000, amount: 1_000_000 }],
  buyersPremium: 150_000,
  tax: 94_875,
  taxRate: 8.25,
  taxExempt: false,
  fees: [],
  depositApplied: 50_000,
  total: 1_244_875,
  createdAt: '2026-11-30T15:00:00.000Z',
  subtotal: 1_000_000,
  buyersPremiumBps: 1500,
  taxExemptReason: null,
  amountDue: 0,
  source: 'auction',
  approval: 'approved',
  approvalDueAt: null,
  paymentDueAt: null,
  document: 'invoice',
  paymentKind: 'card',
  paymentError: null,
  wireInstructions: null,
  fulfilment: 'none',
  seller: { _id: 'co_1', name: 'Midwest Machinery' },
  eventId: 'evt_1',
  paidAt: '2026-11-30T16:00:00.000Z',
  cancelledAt: null,
  history: [{ event: 'paid', status: 'OrderPaid', note: null, createdAt: '2026-11-30T16:00:00.000Z' }],
  buyer: { name: 'Ada Buyer', email: 'ada@example.com' },
  billingAddress: null,
  conversationId: null,
  paid: 1_244_875,
  refunded: 20_000,
  refunds: [
    {
      _id: 'rf_1',
      number: 'CN-100001',
      amount: 20_000,
      reason: 'A dented guard',
      status: 'succeeded',
      createdAt: '2026-12-01T10:00:00.000Z',
      succeededAt: '2026-12-01T10:00:01.000Z',
      failureMessage: null,
    },
  ],
};

const STAFF_ORDER: StaffOrder = {
  order: ORDER,
  buyerId: 'usr_9',
  payments: [
    {
      _id: 'op_1',
      kind: 'deposit-capture',
      provider: 'stripe',
      providerPaymentId: 'pi_dep',
      amount: 50_000,
      currency: 'USD',
      status: 'succeeded',
      failureMessage: null,
      createdAt: '2026-11-30T15:30:00.000Z',
      updatedAt: '2026-11-30T15:30:00.000Z',
    },
    {
      _id: 'op_2',
      kind: 'charge',
      provider: 'stripe',
      providerPaymentId: 'pi_1',
      amount: 1_194_875,
      currency: 'USD',
      status: 'failed',
      failureMessage: 'Your card was declined.',
      createdAt: '2026-11-30T15:31:00.000Z',
      updatedAt: '2026-11-30T15:31:05.000Z',
    },
  ],
  payout: {
    _id: 'po_1',
    orderId: 'ord_1',
    orderNumber: 'LL-100042',
    companyId: 'co_1',
    companyName: 'Midwest Machinery',
    amount: 880_000,
    currency: 'USD',
    method: 'manual',
    status: 'paid',
    reference: 'BANK-42',
    failureMessage: null,
    createdBy: { _id: 'usr_s', name: 'Sam Staff' },
    createdAt: '2026-12-01T09:00:00.000Z',
    paidAt: '2026-12-01T09:00:00.000Z',
    owedBack: 20_000,
  },
  net: {
    grossMinor: 1_244_875,
    taxMinor: 94_875,
    premiumMinor: 150_000,
    commissionMinor: 100_000,
    sellerFeesMinor: 0,
    refundedMinor: 20_000,
    netMinor: 880_000,
  },
  refundable: 1_224_875,
  cancellable: false,
};

describe("staff's order page, as the server renders it", () => {
  const html = renderToStaticMarkup(<StaffOrderView staffOrder={STAFF_ORDER} timeZone="America/Chicago" />);

  it('shows the buyer (linked to their staff page), the seller and the money in the order’s currency', () => {
    expect(html).toContain('href="/staff/users/usr_9"');
    expect(html).toContain('ada@example.com');
    expect(html).toContain('Midwest Machinery');
    expect(html).toContain('<dd>$12,448.75</dd>');
    expect(html).toContain('<dd>$12,248.75</dd>'); // what can still be refunded
    // The order summary without a PDF link: staff have none.
    expect(html).not.toContain('Download the invoice');
  });

  it('lists every payment attempt with its state and reason, times in the named zone', () => {
    expect(html).toContain('Payment attempts (2)');
    expect(html).toContain('Bid deposit captured');
    expect(html).toContain('Failed: Your card was declined.');
    expect(html).toContain('stripe pi_1');
    expect(html).toContain('Nov 30, 2026, 9:31 AM CST');
  });

  it('links each succeeded refund’s credit note and shows the payout with what is owed back', () => {
    expect(html).toContain('href="/marketplace-api/staff/orders/ord_1/credit-notes/rf_1.pdf"');
    expect(html).toContain('A dented guard');
    expect(html).toContain('Bank transfer');
    expect(html).toContain('BANK-42');
    expect(html).toContain('by Sam Staff');
    expect(html).toContain('<dd>$200 (refunded after the payout)</dd>');
    expect(html).toMatch(/Net owed to the seller<\/th><td[^>]*>\$8,800</);
  });

  it("links the audit log's entries about the order, each lot, the buyer and the seller", () => {
    expect(html).toContain('href="/staff/audit-log?targetType=order&amp;targetId=ord_1"');
    expect(html).toContain('href="/staff/audit-log?targetType=lot&amp;targetId=lot_7"');
    expect(html).toContain('href="/staff/audit-log?targetType=user&amp;targetId=usr_9"');
    expect(html).toContain('href="/staff/audit-log?targetType=company&amp;targetId=co_1"');
  });

  it('says so when nothing was paid out yet', () => {
    const none = renderToStaticMarkup(
      <StaffOrderView staffOrder={{ ...STAFF_ORDER, payout: null, payments: [] }} timeZone="UTC" />,
    );
    expect(none).toContain('Not paid out yet.');
    expect(none).toContain('No payment has been attempted.');
  });
});
