/**
 * What a buyer pays for a sale (issue 15): the one rule behind every order's
 * totals, the invoice, and the all-in price shown before a purchase
 * (`BUY_NOW_ALL_IN_PRICING`), so the all-in price of a unit times the
 * quantity is the invoice total. Pure; shared by the API, the seed and the web.
 *
 *   subtotal       = Σ unit price × quantity
 *   buyer's premium = round(subtotal × premium bps / 10 000)
 *   fees           = Σ each fee the buyer pays (its party is `buyer`) × quantity
 *   tax            = round((subtotal + premium + fees) × rate / 100), 0 when exempt
 *   total          = subtotal + premium + fees + tax
 *   amount due     = total − deposit applied (never below 0)
 *
 * Amounts are integer minor units of the currency; rounding is half away from
 * zero to the currency's smallest unit (a cent for USD and CAD: minor units
 * are already that unit, so a fraction of one is what is rounded). Tax is
 * computed once on the order's taxable amount, not per line, as a US sales
 * tax or a Canadian HST is. The arithmetic is exact (bigint): no float ever
 * touches money.
 */

export const FEE_KINDS = ['rigging', 'loading', 'shipping'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/** The spec's parties (§3): who pays or arranges a service. */
export type Party = 'seller' | 'buyer' | '3pl' | 'not-required';

export interface LotFees {
  riggingCost: number | null;
  riggingParty: Party | null;
  loadingCost: number | null;
  loadingParty: Party | null;
  shippingCost: number | null;
  shippingParty: Party | null;
}

export interface PricingInput {
  lines: readonly { unitPrice: number; quantity: number }[];
  /** The event's buyer's premium in basis points (1000 = 10 %). */
  buyersPremiumBps: number;
  /** The lot location's tax rate in percent (e.g. 8.25), at most three decimals. */
  taxRatePercent: number;
  taxExempt: boolean;
  /** Per unit fees the buyer pays (`buyerFees(lot)`), each multiplied by the line's quantity. */
  unitFees: readonly { kind: FeeKind; amount: number }[];
  /** The bid deposit captured toward this order. */
  depositApplied?: number;
}

export interface PricedOrder {
  subtotal: number;
  buyersPremium: number;
  fees: { kind: FeeKind; amount: number }[];
  feesTotal: number;
  /** What tax is charged on (subtotal + premium + fees); the invoice prints it. */
  taxableAmount: number;
  tax: number;
  total: number;
  depositApplied: number;
  amountDue: number;
}

/** The fees of a lot the buyer pays: those whose party is `buyer` and that have a cost. */
export function buyerFees(lot: LotFees): { kind: FeeKind; amount: number }[] {
  const fees: { kind: FeeKind; amount: number }[] = [];
  const add = (kind: FeeKind, cost: number | null, party: Party | null) => {
    if (party === 'buyer' && cost !== null && cost > 0) fees.push({ kind, amount: cost });
  };
  add('rigging', lot.riggingCost, lot.riggingParty);
  add('loading', lot.loadingCost, lot.loadingParty);
  add('shipping', lot.shippingCost, lot.shippingParty);
  return fees;
}

/** `n × num / den` rounded half away from zero, exactly. */
export function mulDivRound(n: number, num: bigint, den: bigint): number {
  const product = BigInt(n) * num;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs * 2n + den) / (2n * den);
  const out = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(out)) throw new RangeError('amount out of range');
  return out;
}

/** A tax rate in percent with up to three decimals, as thousandths of a percent (8.25 → 8250). */
export function taxRateMilli(percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`bad tax rate ${percent}`);
  return BigInt(Math.round(percent * 1000));
}

function assertMoney(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole minor units ≥ 0`);
}

export function priceOrder(input: PricingInput): PricedOrder {
  let subtotal = 0;
  let units = 0;
  for (const line of input.lines) {
    assertMoney(line.unitPrice, 'unit price');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity must be ≥ 1');
    subtotal += line.unitPrice * line.quantity;
    units += line.quantity;
  }
  if (!Number.isInteger(input.buyersPremiumBps) || input.buyersPremiumBps < 0) {
    throw new RangeError('premium must be whole basis points ≥ 0');
  }
  const buyersPremium = mulDivRound(subtotal, BigInt(input.buyersPremiumBps), 10_000n);
  const fees = input.unitFees.map((f) => {
    assertMoney(f.amount, `${f.kind} fee`);
    return { kind: f.kind, amount: f.amount * units };
  });
  const feesTotal = fees.reduce((sum, f) => sum + f.amount, 0);
  const taxableAmount = subtotal + buyersPremium + feesTotal;
  const tax = input.taxExempt ? 0 : mulDivRound(taxableAmount, taxRateMilli(input.taxRatePercent), 100_000n);
  const total = taxableAmount + tax;
  const depositApplied = input.depositApplied ?? 0;
  assertMoney(depositApplied, 'deposit applied');
  if (!Number.isSafeInteger(total)) throw new RangeError('amount out of range');
  return {
    subtotal,
    buyersPremium,
    fees,
    feesTotal,
    taxableAmount,
    tax,
    total,
    depositApplied,
    amountDue: Math.max(0, total - depositApplied),
  };
}

/**
 * The all-in price of one unit (`BUY_NOW_ALL_IN_PRICING`): what the invoice
 * of a one-unit purchase at `price` totals for this buyer.
 */
export function allInPrice(input: Omit<PricingInput, 'lines' | 'depositApplied'> & { price: number }): number {
  return priceOrder({ ...input, lines: [{ unitPrice: input.price, quantity: 1 }] }).total;
}

/** Two business days (Mon–Fri, UTC) after `from`: when an unanswered buy-now order is rejected for the seller. */
export function addBusinessDays(from: Date, days: number): Date {
  const out = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    out.setUTCDate(out.getUTCDate() + 1);
    const day = out.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return out;
}
