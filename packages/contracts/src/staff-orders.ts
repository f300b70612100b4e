import { z } from 'zod';
import { PAYMENT_ATTEMPT_STATUSES } from './enums';
import { order } from './orders';
import { payout } from './payouts';
import { keyParam } from './reads-params';

/**
 * Staff's read of one order and the search that finds it (decision 0091): the order as its buyer and seller see
 * it, plus what only staff need to decide a cancel or a refund: who bought (with the id for the audit log),
 * every payment attempt and its state, the payout and the seller's net. Amounts are minor units of the
 * order's currency; times ISO 8601 UTC.
 */

const minor = z.number().int().describe('Minor units');
const iso = z.string().describe('ISO 8601, UTC');

export const staffOrderParams = z.strictObject({ orderId: keyParam() });

export const STAFF_ORDERS_SEARCH_LIMIT = 50;
export const staffOrdersQuery = z.strictObject({
  q: z
    .string({ error: 'Type an order number, a buyer’s e-mail address or part of a lot’s name.' })
    .trim()
    .min(2, 'Type at least 2 characters.')
    .max(200, 'At most 200 characters.')
    .describe('An order number (LL-100042, or its digits), part of the buyer’s e-mail address, or of a lot’s name'),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuery>;

const party = z.object({ _id: z.string(), name: z.string() });

export const staffOrderHit = z.object({
  _id: z.string(),
  number: z.string(),
  status: order.shape.status,
  total: minor,
  currency: z.string(),
  createdAt: iso,
  buyer: party.extend({ email: z.string() }),
  seller: party,
  lots: z.array(z.string()).describe("The order's lines' names"),
});
export type StaffOrderHit = z.infer<typeof staffOrderHit>;
export const staffOrdersResponse = z.object({
  orders: z.array(staffOrderHit).describe(`Newest first, at most ${STAFF_ORDERS_SEARCH_LIMIT}`),
});
export type StaffOrdersResponse = z.infer<typeof staffOrdersResponse>;

export const staffOrderPayment = z.object({
  _id: z.string(),
  kind: z.enum(['charge', 'deposit-capture', 'wire']),
  provider: z.string().nullable().describe('sandbox or stripe; null for a wire'),
  providerPaymentId: z.string().nullable(),
  amount: minor,
  currency: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  failureMessage: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
});
export type StaffOrderPayment = z.infer<typeof staffOrderPayment>;

export const staffOrderNet = z.object({
  grossMinor: minor.describe('What the buyer paid'),
  taxMinor: minor,
  premiumMinor: minor,
  commissionMinor: minor,
  sellerFeesMinor: minor,
  refundedMinor: minor,
  netMinor: minor.describe('What the seller is owed (decision 0078)'),
});

export const staffOrder = z.object({
  order,
  buyerId: z.string().describe('The buyer’s user id (the staff user page, the audit log)'),
  payments: z.array(staffOrderPayment).describe('Every payment attempt, oldest first'),
  payout: payout.nullable().describe('The latest payout of the order (a failed one is replaced by a new one)'),
  net: staffOrderNet,
  refundable: minor.describe('What can still be refunded: what was paid less the refunds not failed'),
  cancellable: z.boolean().describe('Unpaid: staff may cancel it, saying why'),
});
export type StaffOrder = z.infer<typeof staffOrder>;
export const staffOrderResponse = z.object({ staffOrder });
export type StaffOrderResponse = z.infer<typeof staffOrderResponse>;
