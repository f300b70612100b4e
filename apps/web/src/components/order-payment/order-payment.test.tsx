import type { Order, PaymentMethod } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { OrderRefunds } from '../order-view/order-refunds';
import { OrderSummary } from '../order-view/order-summary';
import { OrderPayment } from './order-payment';

// Server actions are references in the browser; rendering needs only their identity.
vi.mock('../../lib/orders/payment-actions', () => ({
  chooseWireAction: async () => ({}),
  payOrderAction: async () => ({}),
}));

/** A CAD buy-now order awaiting payment after its card was declined, as the API answers it to its buyer. */
const order = (over: Partial<Order> = {}): Order => ({
  _id: 'ord_1',
  number: 'LL-100042',
  status: 'OrderPending',
  currency: 'CAD',
  lines: [{ eventLotId: 'lot_1', name: 'Pallet of valves', quantity: 1, unitPrice: 50_000, amount: 50_000 }],
  buyersPremium: 0,
  tax: 0,
  taxRate: 0,
  taxExempt: false,
  fees: [],
  depositApplied: 0,
  total: 50_000,
  createdAt: '2030-01-01T12:00:00.000Z',
  subtotal: 50_000,
  buyersPremiumBps: 0,
  taxExemptReason: null,
  amountDue: 50_000,
  source: 'buy-now',
  approval: 'approved',
  approvalDueAt: null,
  paymentDueAt: null,
  document: 'invoice',
  paymentKind: null,
  paymentError: 'Your card was declined.',
  wireInstructions: ['Bank: Northern Maple Bank', 'Reference: LL-100042'],
  fulfilment: 'none',
  seller: { _id: 'co_1', name: 'Gulf Coast Asset Recovery' },
  eventId: null,
  paidAt: null,
  cancelledAt: null,
  history: [],
  buyer: { name: 'Paula Payer', email: 'paula@example.com' },
  billingAddress: null,
  conversationId: null,
  paid: 0,
  refunded: 0,
  refunds: [],
  ...over,
});

const CARD: PaymentMethod = { id: 'pm_1', brand: 'visa', last4: '0341', expMonth: 12, expYear: 2034, isDefault: true };
const pay = (o: Order) => renderToStaticMarkup(<OrderPayment order={o} cards={[CARD]} />);

/**
 * The buyer's pay controls follow what the API says of the order (decision 0044): the API leaves out the wire
 * instructions when wire is not offered (CAD_WIRE_TRANSFER off for a CAD order, apps/api orders.test.ts and
 * payments/order-payments.test.ts), and the page then offers no wire. This is the page half of what the flags
 * browser spec checked by switching the flag.
 */
describe("the order page's payment panel", () => {
  it('offers "Pay by wire transfer" beside the card when the order has wire instructions', () => {
    const html = pay(order());
    expect(html).toContain('Pay by wire transfer');
    expect(html).toContain('Pay now');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your card was declined.');
    // The instructions are shown once wire is chosen, not before.
    expect(html).not.toContain('Reference: LL-100042');
  });

  it('offers no wire transfer when the API gives no instructions (wire not offered), the card still', () => {
    const html = pay(order({ wireInstructions: null }));
    expect(html).not.toContain('Pay by wire transfer');
    expect(html).not.toContain('Reference:');
    expect(html).toContain('Pay now');
  });

  it('once wire is chosen, shows the instructions with the reference and no pay buttons', () => {
    const html = pay(order({ paymentKind: 'wire' }));
    expect(html).toContain('You chose to pay by wire transfer.');
    expect(html).toContain('Reference: LL-100042');
    expect(html).toContain('Northern Maple Bank');
    expect(html).not.toContain('Pay by wire transfer');
    expect(html).not.toContain('Pay now');
  });

  it('before the seller approves, says so and offers no payment; a paid order has no panel', () => {
    const awaiting = pay(order({ approval: 'awaiting' }));
    expect(awaiting).toContain('The seller has not approved this order yet.');
    expect(awaiting).not.toContain('Pay now');
    expect(awaiting).not.toContain('Pay by wire transfer');
    expect(pay(order({ status: 'OrderPaid' }))).toBe('');
  });
});

/**
 * The PDF link names the document the API says the order has: a receipt while BUY_NOW_INVOICES is off (apps/api
 * purchases/purchases.test.ts), else an invoice.
 */
describe("the order page's document link", () => {
  const summary = (o: Order) => renderToStaticMarkup(<OrderSummary order={o} pdfHref="/x.pdf" timeZone="UTC" />);

  it('offers the receipt of a receipt order and the invoice of an invoice order', () => {
    expect(summary(order({ document: 'receipt' }))).toContain('Download the receipt (PDF)');
    expect(summary(order({ document: 'receipt' }))).not.toContain('invoice (PDF)');
    expect(summary(order())).toContain('Download the invoice (PDF)');
  });

  it('says by when an unpaid order must be paid (the payment window, decision 0061), and nothing once it is', () => {
    const due = summary(order({ paymentDueAt: '2030-01-06T12:00:00.000Z', amountDue: 50_000 }));
    expect(due).toContain('<dt>Pay by</dt>');
    expect(due).toContain('dateTime="2030-01-06T12:00:00.000Z"');
    expect(summary(order({ paymentDueAt: null }))).not.toContain('<dt>Pay by</dt>');
    expect(summary(order({ paymentDueAt: '2030-01-06T12:00:00.000Z', amountDue: 0 }))).not.toContain('<dt>Pay by</dt>');
  });
});

/** What was paid and given back (decision 0062): the Paid and Refunded lines, and each credit note's link. */
describe("the order page's refunds", () => {
  const refund = (over: Partial<Order['refunds'][number]>): Order['refunds'][number] => ({
    _id: 'rf_1',
    number: 'CN-100001',
    amount: 12_000,
    reason: 'A dented valve',
    status: 'succeeded',
    createdAt: '2030-01-02T12:00:00.000Z',
    succeededAt: '2030-01-02T12:00:01.000Z',
    failureMessage: null,
    ...over,
  });
  const paid = order({
    status: 'OrderPaid',
    amountDue: 0,
    paid: 50_000,
    refunded: 12_000,
    refunds: [
      refund({}),
      refund({ _id: 'rf_2', number: 'CN-100002', status: 'failed', failureMessage: 'Card expired.' }),
    ],
  });

  it('shows Paid, Refunded and the amount due', () => {
    const html = renderToStaticMarkup(<OrderSummary order={paid} pdfHref="/x.pdf" timeZone="UTC" />);
    expect(html).toMatch(/<th scope="row">Paid<\/th><td[^>]*>CA\$500<\/td>/);
    expect(html).toMatch(/<th scope="row">Refunded<\/th><td[^>]*>−CA\$120<\/td>/);
    expect(html).toMatch(/<th scope="row">Amount due<\/th><td[^>]*>CA\$0<\/td>/);
    expect(renderToStaticMarkup(<OrderSummary order={order()} pdfHref="/x.pdf" timeZone="UTC" />)).not.toContain(
      'Refunded',
    );
  });

  it('links the credit note of a refund given back, for the buyer and for the seller; a failed one says why', () => {
    const buyer = renderToStaticMarkup(<OrderRefunds order={paid} side="buyer" userId="u_1" timeZone="UTC" />);
    expect(buyer).toContain('href="/marketplace-api/users/u_1/orders/ord_1/credit-notes/rf_1.pdf"');
    expect(buyer).toContain('Credit note CN-100001 (PDF)');
    expect(buyer).toContain('CN-100002: CA$120, refund failed');
    expect(buyer).toContain('(Card expired.)');
    expect(buyer).not.toContain('credit-notes/rf_2.pdf');
    const seller = renderToStaticMarkup(<OrderRefunds order={paid} side="seller" userId="u_2" timeZone="UTC" />);
    expect(seller).toContain('href="/marketplace-api/seller/orders/ord_1/credit-notes/rf_1.pdf"');
    expect(renderToStaticMarkup(<OrderRefunds order={order()} side="buyer" userId="u_1" timeZone="UTC" />)).toBe('');
  });
});
