import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, utc } from './columns';
import { events } from './events';
import { eventLots } from './lots';
import { paymentMethods, paymentProvider } from './payments';
import { users } from './platform';
import { companies } from './sellers';

/*
 * Orders, payments, best offers and sealed tenders (issue 15; contract §5).
 * Every amount is integer minor units of the order's (the lot's) currency;
 * every time is the database clock's.
 */

/** The contract's order statuses (spec §3): the lot follows them for a one-order sale (auction, tender). */
export const orderStatus = pgEnum('order_status', ['OrderPending', 'OrderPaid', 'OrderCancelled']);
/** How the sale was made. */
export const orderSource = pgEnum('order_source', ['buy-now', 'offer', 'tender', 'auction']);
/**
 * The seller's approval of a buy-now order (`BUY_NOW_AUTO_APPROVE` off: `awaiting`
 * until they approve or reject within 2 business days). Every other order is `approved` at once.
 */
export const orderApproval = pgEnum('order_approval', ['awaiting', 'approved', 'rejected']);
/** What the buyer chose to pay by; null until they (or the automatic charge) chose. */
export const orderPaymentMethodKind = pgEnum('order_payment_kind', ['card', 'wire']);
/** After payment: the seller hands the goods over. */
export const orderFulfilment = pgEnum('order_fulfilment', ['none', 'shipped', 'collected']);
/** An invoice (with tax lines, payable by wire) or, for buy-now with `BUY_NOW_INVOICES` off, a receipt only. */
export const orderDocument = pgEnum('order_document', ['invoice', 'receipt']);

/**
 * One order: one sale of one lot (a purchase, an accepted offer, an awarded
 * tender, an auction win). The totals are computed once, at creation, by
 * `priceOrder` (`packages/domain/src/order-pricing.ts`) and stored: the
 * invoice never changes when a lot's fees or a tax rate change later.
 * `total = subtotal + buyers_premium + fees_total + tax`; the buyer owes
 * `total - deposit_applied`.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The human number on the invoice, e.g. `LL-100042` (from `order_number_seq`). */
    number: text('number').notNull(),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id),
    /** The seller. */
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    eventId: text('event_id').references(() => events.id),
    source: orderSource('source').notNull(),
    status: orderStatus('status').notNull().default('OrderPending'),
    approval: orderApproval('approval').notNull().default('approved'),
    /** When an `awaiting` order is rejected for the seller if they have not answered (2 business days). */
    approvalDueAt: utc('approval_due_at'),
    currency: char('currency', { length: 3 }).notNull(),
    subtotal: money('subtotal').notNull(),
    /** The event's buyer's premium when the order was made, in basis points (1000 = 10%). */
    buyersPremiumBps: integer('buyers_premium_bps').notNull().default(0),
    buyersPremium: money('buyers_premium').notNull().default(0),
    feesTotal: money('fees_total').notNull().default(0),
    /** The lot location's tax rate (percent, e.g. 8.25) when the order was made. */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(0),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    /** Why no tax is charged, printed on the invoice (the exemption's region and expiry). */
    taxExemptReason: text('tax_exempt_reason'),
    taxExemptionId: text('tax_exemption_id'),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull(),
    /** The bid deposit captured toward this order (auction wins). */
    depositApplied: money('deposit_applied').notNull().default(0),
    document: orderDocument('document').notNull().default('invoice'),
    paymentKind: orderPaymentMethodKind('payment_kind'),
    /**
     * When an approved, unpaid order is cancelled for non-payment: its approval (the database clock) plus the
     * event's `payment_window_days` (BIDDING §8; decision 0061). Null for an order awaiting approval or one
     * without an event.
     */
    paymentDueAt: utc('payment_due_at'),
    /** When the buyer was reminded that the payment window is ending (once). */
    paymentRemindedAt: utc('payment_reminded_at'),
    /** What was given back so far (succeeded refunds), never above what was paid. */
    refunded: money('refunded').notNull().default(0),
    /** The last refusal of a card payment, shown on the order page until a payment succeeds. */
    paymentError: text('payment_error'),
    fulfilment: orderFulfilment('fulfilment').notNull().default('none'),
    /** The lot, when the order sells it whole (auction, tender): at most one live order per such lot. */
    soleLotId: text('sole_lot_id').references(() => eventLots.id),
    /** The offer or tender the order came from, if any. */
    offerId: text('offer_id'),
    tenderId: text('tender_id'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
    paidAt: utc('paid_at'),
    cancelledAt: utc('cancelled_at'),
    fulfilledAt: utc('fulfilled_at'),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_awaiting_due_idx').on(t.approvalDueAt).where(sql`${t.approval} = 'awaiting'`),
    // The payment-window job's scan: approved orders still unpaid, by their deadline.
    index('orders_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'OrderPending' and ${t.approval} = 'approved'`),
    // A lot sold whole (auction, tender) has at most one order that is not cancelled.
    uniqueIndex('orders_sole_lot_key')
      .on(t.soleLotId)
      .where(sql`${t.soleLotId} is not null and ${t.status} <> 'OrderCancelled'`),
  ],
);

/** The goods of an order (one line today: one lot). `amount = unit_price × quantity`. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    eventLotId: text('event_lot_id')
      .notNull()
      .references(() => eventLots.id),
    /** The lot's name when sold. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
    index('order_lines_lot_idx').on(t.eventLotId),
  ],
);

export const orderFeeKind = pgEnum('order_fee_kind', ['rigging', 'loading', 'shipping']);

/** The lot's fees the buyer pays (the party of each is `buyer`), per unit × quantity. */
export const orderFees = pgTable(
  'order_fees',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: orderFeeKind('kind').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [uniqueIndex('order_fees_order_kind_key').on(t.orderId, t.kind)],
);

/**
 * What happened to an order, in order: `placed`, `approved`, `rejected`,
 * `payment-failed`, `paid`, `wire-chosen`, `wire-received`, `cancelled`,
 * `shipped`, `collected`, `deposit-applied`. Append-only.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The order's status after the event. */
    status: orderStatus('status').notNull(),
    note: text('note'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

export const orderPaymentKind = pgEnum('order_payment_attempt_kind', ['charge', 'deposit-capture', 'wire']);
export const orderPaymentStatus = pgEnum('order_payment_status', ['processing', 'succeeded', 'failed']);

/**
 * One attempt to collect money for an order: a card charge (off-session
 * PaymentIntent), the capture of the bid deposit's hold, or a wire marked
 * received by staff. Its id is the provider's idempotency reference, so a
 * retried attempt never charges twice. At most one charge is `processing`
 * or `succeeded` per order at a time.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    kind: orderPaymentKind('kind').notNull(),
    provider: paymentProvider('provider'),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The provider's PaymentIntent (or hold) id once known. */
    providerPaymentId: text('provider_payment_id'),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: orderPaymentStatus('status').notNull().default('processing'),
    failureMessage: text('failure_message'),
    /** Staff who marked a wire received. */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_payments_provider_id_key').on(t.provider, t.providerPaymentId),
    uniqueIndex('order_payments_one_live_charge_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'charge' and ${t.status} <> 'failed'`),
  ],
);

export const refundStatus = pgEnum('refund_status', ['processing', 'succeeded', 'failed']);

/**
 * A refund of an order, full or partial, by the seller or staff, with its credit note (`CN-100001`, from
 * `credit_note_number_seq`). Under the order's row lock the sum of the refunds not `failed` never passes what
 * the order's succeeded payments took (decision 0062). Its id is the provider's idempotency reference.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The credit note's number, e.g. `CN-100001`. */
    number: text('number').notNull(),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Why, printed on the credit note and kept in the order's history. */
    reason: text('reason').notNull(),
    status: refundStatus('status').notNull().default('processing'),
    failureMessage: text('failure_message'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
    succeededAt: utc('succeeded_at'),
  },
  (t) => [
    uniqueIndex('order_refunds_number_key').on(t.number),
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
  ],
);

/**
 * The part of a refund given back through one payment of the order (a card charge, a captured deposit, a wire
 * returned by bank transfer): one provider refund each.
 */
export const orderRefundParts = pgTable(
  'order_refund_parts',
  {
    id: text('id').primaryKey(),
    refundId: text('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderPaymentId: text('order_payment_id')
      .notNull()
      .references(() => orderPayments.id),
    amount: money('amount').notNull(),
    /** The provider's refund id (`re_…`) once known; null for a wire given back by bank transfer. */
    providerRefundId: text('provider_refund_id'),
    status: refundStatus('status').notNull().default('processing'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_refund_parts_refund_idx').on(t.refundId),
    index('order_refund_parts_payment_idx').on(t.orderPaymentId),
  ],
);

export const secondChanceStatus = pgEnum('second_chance_status', ['open', 'accepted', 'declined', 'expired']);

/**
 * BIDDING §8: the winner did not pay within the payment window, so the runner-up (the highest other bidder) is
 * offered the lot at their own highest bid for 48 hours (decision 0061). One per defaulted order; accepting
 * creates the runner-up's order, priced with the lot's frozen terms.
 */
export const secondChanceOffers = pgTable(
  'second_chance_offers',
  {
    id: text('id').primaryKey(),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The winner's order that was cancelled for non-payment. */
    fromOrderId: text('from_order_id')
      .notNull()
      .references(() => orders.id),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: secondChanceStatus('status').notNull().default('open'),
    expiresAt: utc('expires_at').notNull(),
    decidedAt: utc('decided_at'),
    /** The runner-up's order once they accepted. */
    orderId: text('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('second_chance_offers_from_order_key').on(t.fromOrderId),
    index('second_chance_offers_user_idx').on(t.userId, t.createdAt),
    index('second_chance_offers_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);

/** Provider events already handled (webhook deliveries repeat): the event id is the key. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  provider: paymentProvider('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
  processedAt: utc('processed_at'),
});

export const offerStatus = pgEnum('offer_status', [
  'pending',
  'accepted',
  'declined',
  'countered',
  'expired',
  'withdrawn',
]);

/**
 * A best offer on a lot with `best_offer_enabled` (contract §5). The seller
 * accepts, declines or (COUNTER_OFFER on) counters once; the buyer accepts or
 * declines a counter. `expires_at` is 48 hours after the offer, or after the
 * counter once countered. Accepting reserves the stock and creates the order.
 */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** Per unit. */
    amount: money('amount').notNull(),
    quantity: integer('quantity').notNull().default(1),
    currency: char('currency', { length: 3 }).notNull(),
    message: text('message'),
    status: offerStatus('status').notNull().default('pending'),
    counterAmount: money('counter_amount'),
    counteredAt: utc('countered_at'),
    expiresAt: utc('expires_at').notNull(),
    decidedAt: utc('decided_at'),
    orderId: text('order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('offers_lot_idx').on(t.lotId, t.createdAt),
    index('offers_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('offers_company_idx').on(t.companyId, t.status, t.createdAt),
    index('offers_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'countered')`),
  ],
);

export const tenderOutcome = pgEnum('tender_outcome', ['awarded', 'not-awarded']);

/**
 * A sealed tender: one per bidder and lot, replaced until the close
 * (contract §5 PUT tender). Nobody reads `amount` before the lot closes: the
 * only code that selects it is `apps/api/src/modules/tenders/sealed-tenders.ts`,
 * which reads through `sealed_tenders`, a view that shows the amount only for
 * a closed lot (issue 15).
 */
export const tenders = pgTable(
  'tenders',
  {
    id: text('id').primaryKey(),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Null until the seller awards the lot (to this tender or another) or lets the award window pass. */
    outcome: tenderOutcome('outcome'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenders_lot_user_key').on(t.lotId, t.userId),
    index('tenders_user_idx').on(t.userId, t.updatedAt),
  ],
);
