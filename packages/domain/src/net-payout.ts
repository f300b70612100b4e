import { ORDER_STATUS, type OrderStatus } from '@lotline/contracts/enums';
import { commissionOn, MARKETPLACE_KEEPS_PREMIUM } from './commission';
import type { FeeKind, LotFees, Party } from './order-pricing';

/**
 * What the seller is owed for one order (decision 0078). Pure: the API reads the order's stored figures and the
 * event's frozen commission and asks this.
 *
 *   gross       = what the buyer paid (succeeded payments, the applied deposit included)
 *   commission  = round-half-up(subtotal × commission bps / 10 000)
 *   seller fees = Σ the lot's fees whose party is `seller` × quantity
 *   net         = gross − tax − premium (the marketplace keeps it) − commission − seller fees − refunded
 *
 * Only a paid order owes anything: a pending one is still being paid (its net is 0 until it is), a cancelled one
 * sold nothing (whatever it kept, a captured deposit, waits for a refund, decision 0062; it is not the seller's).
 * A net that would fall below 0 (refunds and seller fees larger than what is left) is 0 and the difference is the
 * `shortfall`: the marketplace carries it, it is never taken from another order's payout.
 */

export interface NetPayoutInput {
  status: OrderStatus;
  /** What the buyer paid so far, the applied deposit included. */
  paid: number;
  /** Hammer or price × quantity: what the commission is charged on. */
  subtotal: number;
  buyersPremium: number;
  tax: number;
  /** Per line: the units sold and the lot's per-unit fees whose party is the seller (`sellerFees(lot)`). */
  lines: readonly { quantity: number; unitSellerFees: readonly { kind: FeeKind; amount: number }[] }[];
  /** Succeeded refunds. */
  refunded: number;
  /** The event's commission, frozen at publishing. */
  commissionBps: number;
}

export interface NetPayout {
  grossMinor: number;
  taxMinor: number;
  premiumMinor: number;
  commissionMinor: number;
  sellerFeesMinor: number;
  refundedMinor: number;
  netMinor: number;
  /** What the deductions exceed the gross by (net is then 0); 0 almost always. */
  shortfallMinor: number;
}

/** The fees of a lot the seller pays: those whose party is `seller` and that have a cost. */
export function sellerFees(lot: LotFees): { kind: FeeKind; amount: number }[] {
  const fees: { kind: FeeKind; amount: number }[] = [];
  const add = (kind: FeeKind, cost: number | null, party: Party | null) => {
    if (party === 'seller' && cost !== null && cost > 0) fees.push({ kind, amount: cost });
  };
  add('rigging', lot.riggingCost, lot.riggingParty);
  add('loading', lot.loadingCost, lot.loadingParty);
  add('shipping', lot.shippingCost, lot.shippingParty);
  return fees;
}

function assertMoney(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole minor units ≥ 0`);
}

export function netPayout(input: NetPayoutInput): NetPayout {
  for (const [what, value] of [
    ['paid', input.paid],
    ['subtotal', input.subtotal],
    ['premium', input.buyersPremium],
    ['tax', input.tax],
    ['refunded', input.refunded],
  ] as const) {
    assertMoney(value, what);
  }
  const gross = input.paid;
  if (input.status === ORDER_STATUS.cancelled) {
    return {
      grossMinor: gross,
      taxMinor: 0,
      premiumMinor: 0,
      commissionMinor: 0,
      sellerFeesMinor: 0,
      refundedMinor: input.refunded,
      netMinor: 0,
      shortfallMinor: 0,
    };
  }
  const commission = commissionOn(input.subtotal, input.commissionBps);
  let fees = 0;
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError('quantity must be ≥ 0');
    for (const f of line.unitSellerFees) {
      assertMoney(f.amount, `${f.kind} fee`);
      fees += f.amount * line.quantity;
    }
  }
  if (!Number.isSafeInteger(fees)) throw new RangeError('amount out of range');
  const premium = MARKETPLACE_KEEPS_PREMIUM ? input.buyersPremium : 0;
  const left = gross - input.tax - premium - commission - fees - input.refunded;
  const owed = input.status === ORDER_STATUS.paid;
  return {
    grossMinor: gross,
    taxMinor: input.tax,
    premiumMinor: input.buyersPremium,
    commissionMinor: commission,
    sellerFeesMinor: fees,
    refundedMinor: input.refunded,
    netMinor: owed ? Math.max(0, left) : 0,
    shortfallMinor: owed ? Math.max(0, -left) : 0,
  };
}
