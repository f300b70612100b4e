import { z } from 'zod';
import { currencyCode, enteredAmount, minorUnits as minor } from './catalog';
import { ORDER_APPROVALS, ORDER_FULFILMENTS, ORDER_RECORD_STATUSES, REFUND_STATUSES } from './enums';
import { pagination } from './envelope';

/**
 * Buying, offers, tenders and orders (contract §5; issue 15). Every amount is
 * integer minor units of the lot's currency; every time is ISO 8601 UTC from
 * the database clock. Field names fixed by the contract are kept as written
 * there; the rest (`source`, `approval`, `amountDue`, …) are documented
 * additions a client may ignore.
 */

const amount = enteredAmount;
const quantity = z.number().int().min(1).max(10_000);

export {
  ORDER_APPROVALS,
  ORDER_FULFILMENTS,
  ORDER_RECORD_STATUSES,
  ORDER_STATUS,
  type OrderApproval,
  type OrderFulfilment,
  type OrderStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from './enums';
export const ORDER_SOURCES = ['buy-now', 'offer', 'tender', 'auction'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_FEE_KINDS = ['rigging', 'loading', 'shipping'] as const;
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'countered', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Spec §4's Best Offer tooltip, exactly as quoted. */
export const BEST_OFFER_TOOLTIP = 'The seller is reviewing all competitive offers on this listing.';
/** Hours an offer, or a counter, stays open (issue 15). */
export const OFFER_LIFETIME_HOURS = 48;
/** Business days the seller has to approve a buy-now order when BUY_NOW_AUTO_APPROVE is off. */
export const BUY_NOW_APPROVAL_BUSINESS_DAYS = 2;

// ---- Buy now ----

export const purchaseBody = z.strictObject({
  quantity: quantity.describe('Units to buy, at most the stock left'),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;

// ---- Refunds (decision 0062; the order lists them) ----

/** A refund of an order as the order shows it; a succeeded one is its credit note (`number`). */
export const orderRefund = z.object({
  _id: z.string(),
  number: z.string().describe('The credit note number, e.g. CN-100001'),
  amount: minor.describe('What was given back (what was asked while processing)'),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  // ---- additions ----
  succeededAt: z.string().nullable().describe('When it was given back: the credit note’s date'),
  failureMessage: z
    .string()
    .nullable()
    .describe('Why it failed, or, for a refund given back only in part, why the rest was not'),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** A seller's or staff's refund: an amount within what can still be refunded, and why (printed on the credit note). */
export const refundBody = z.strictObject({
  amount: amount.describe('Minor units to give back, at most what was paid less what was refunded'),
  reason: z
    .string()
    .trim()
    .min(1, 'Say why you refund the buyer.')
    .max(500, 'Keep the reason to 500 characters.')
    .describe('Printed on the credit note and kept in the history'),
});
export type RefundBody = z.infer<typeof refundBody>;

// ---- Orders ----

export const orderLine = z.object({
  eventLotId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: minor,
  amount: minor,
});

export const orderHistoryEntry = z.object({
  event: z
    .string()
    .describe(
      'placed, approved, rejected, expired, payment-failed, paid, wire-chosen, wire-received, payment-reminder, payment-expired, deposit-forfeited, second-chance, cancelled, refunded, refund-failed, shipped, collected, deposit-applied',
    ),
  status: z.enum(ORDER_RECORD_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const order = z.object({
  _id: z.string(),
  number: z.string().describe('The invoice number, e.g. LL-100042'),
  status: z.enum(ORDER_RECORD_STATUSES),
  currency: currencyCode,
  lines: z.array(orderLine),
  buyersPremium: minor,
  tax: minor,
  taxRate: z.number().describe('Percent, e.g. 8.25'),
  taxExempt: z.boolean(),
  fees: z.array(z.object({ kind: z.enum(ORDER_FEE_KINDS), amount: minor })),
  depositApplied: minor,
  total: minor,
  createdAt: z.string(),
  // ---- additions ----
  subtotal: minor,
  buyersPremiumBps: z.number().int(),
  taxExemptReason: z.string().nullable().describe('Why no tax is charged, as the invoice prints it'),
  amountDue: minor.describe('total − depositApplied − what was already paid'),
  source: z.enum(ORDER_SOURCES),
  approval: z.enum(ORDER_APPROVALS).describe('awaiting: the seller has not yet approved this buy-now order'),
  approvalDueAt: z.string().nullable(),
  paymentDueAt: z
    .string()
    .nullable()
    .describe('When an approved, unpaid order is cancelled for non-payment (the event’s payment window)'),
  document: z.enum(['invoice', 'receipt']),
  paymentKind: z
    .enum(['card', 'wire'])
    .nullable()
    .describe(
      'How the order is being paid: card while a card charge runs or once one succeeded, wire once the buyer chose it; a refused card puts back what held before (null: not chosen yet)',
    ),
  paymentError: z.string().nullable().describe('The last card refusal, until a payment succeeds'),
  wireInstructions: z
    .array(z.string())
    .nullable()
    .describe('How to pay by wire transfer (lines to print); null when wire is not offered for this order'),
  fulfilment: z.enum(ORDER_FULFILMENTS),
  seller: z.object({ _id: z.string(), name: z.string() }),
  eventId: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  history: z.array(orderHistoryEntry),
  buyer: z.object({ name: z.string(), email: z.string() }).describe("The buyer, as the invoice's bill-to prints them"),
  billingAddress: z
    .array(z.string())
    .nullable()
    .describe("The buyer's billing address lines (their default address), null when they saved none"),
  conversationId: z
    .string()
    .nullable()
    .describe("The order's message thread (ORDER_CONVERSATION), null until one of the two sides writes"),
  paid: minor.describe('What the payments took: card charges, the captured bid deposit and wires that succeeded'),
  refunded: minor.describe('What was given back (succeeded refunds), never above `paid`'),
  refunds: z.array(orderRefund).describe('Refunds of the order, oldest first; each succeeded one has a credit note'),
});
export type Order = z.infer<typeof order>;

export const orderIdParams = z.object({ userId: z.string().min(1).max(200), orderId: z.string().min(1).max(200) });
export const sellerOrderParams = z.object({ orderId: z.string().min(1).max(200) });

const pageSize = z.coerce.number().int().min(1).max(100).default(30);
const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
export const ordersQuerystring = z.object({ pageSize, pageNumber }).strict();
export type OrdersQuery = z.infer<typeof ordersQuerystring>;
export const sellerOrdersQuerystring = z
  .object({
    pageSize,
    pageNumber,
    status: z.enum(ORDER_RECORD_STATUSES).optional(),
    approval: z.enum(ORDER_APPROVALS).optional(),
  })
  .strict();
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuerystring>;
export const ordersResponse = z.object({ orders: z.array(order), pagination });
export const orderResponse = z.object({ order });
export const refundResponse = z.object({
  order,
  refund: orderRefund,
  message: z.string().nullable().describe('What the refund still needs, e.g. a wire to send back by bank transfer'),
});
export const refundParams = z.object({ orderId: z.string().min(1).max(200), refundId: z.string().min(1).max(200) });
export const buyerRefundParams = refundParams.extend({ userId: z.string().min(1).max(200) });

export const rejectOrderBody = z.strictObject({
  reason: z.string().trim().min(1, 'Say why you reject the order.').max(1000).describe('Told to the buyer'),
});
export const fulfilmentBody = z.strictObject({ fulfilment: z.enum(['shipped', 'collected']) });
export const cancelOrderBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why you cancel the order.')
    .max(1000)
    .describe('Told to the buyer, kept in the history'),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;

// ---- Second chances (BIDDING §8) ----

export const SECOND_CHANCE_STATUSES = ['open', 'accepted', 'declined', 'expired'] as const;
export const secondChance = z.object({
  _id: z.string(),
  status: z.enum(SECOND_CHANCE_STATUSES),
  amount: minor.describe('The price offered: the runner-up’s own highest bid'),
  currency: currencyCode,
  expiresAt: z.string(),
  orderId: z.string().nullable().describe('The order made when the offer was accepted'),
  lot: z.object({ _id: z.string(), name: z.string() }),
});
export type SecondChance = z.infer<typeof secondChance>;
export const secondChancesResponse = z.object({ secondChances: z.array(secondChance) });
export const secondChanceParams = z.object({
  userId: z.string().min(1).max(200),
  secondChanceId: z.string().min(1).max(200),
});

// ---- Best offers ----

export const offerBody = z.strictObject({
  amount: amount.describe('Per unit, below the listed price'),
  quantity: quantity.optional().describe('Units (default 1)'),
  message: z.string().trim().max(1000).optional().describe('A note to the seller'),
});
export type OfferBody = z.infer<typeof offerBody>;

export const offer = z.object({
  _id: z.string(),
  status: z.enum(OFFER_STATUSES),
  amount: minor,
  counterAmount: minor.nullable(),
  expiresAt: z.string(),
  // ---- additions ----
  eventLotId: z.string(),
  quantity: z.number().int(),
  currency: currencyCode,
  message: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offer>;

// ---- Sealed tenders ----

export const tenderBody = z.strictObject({ amount: amount.describe('Your sealed tender, in minor units') });
export type TenderBody = z.infer<typeof tenderBody>;

export const tender = z.object({
  amount: minor.describe('Your own tender: only you read it before the close'),
  updatedAt: z.string(),
});
