import { ORDER_FEE_LABELS, type PricedOrder, priceOrder } from '@lotline/domain';
import { useId } from 'react';
import type { BiddingState } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import styles from './bid-panel.module.css';

export type LotTerms = BiddingState['terms'];

const NO_CHARGES_TEXT = 'No buyer’s premium, tax or fees on top.';
/** The all-in line while nothing typed can be priced yet (an offer or a tender has no minimum to fall back to). */
export const ALL_IN_PROMPT = 'Enter an amount to see what it costs all in.';

// A rate is only shown, never computed with: the money is priceOrder's, in integers.
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 3 });
/** 1200 basis points → "12%". */
const premiumText = (bps: number) => percent.format(bps / 10_000);
/** A tax rate in percent, 8.25 → "8.25%". */
const taxRateText = (rate: number) => percent.format(rate / 100);

const hasCharges = (terms: LotTerms) => terms.buyersPremiumBps > 0 || terms.taxRate > 0 || terms.buyerFees.length > 0;

/**
 * The terms in one sentence, for the registration step (issue 25: the bidder reads them before committing),
 * e.g. "A win costs your bid plus a 12% buyer’s premium, a $250 loading fee and 8.25% tax."
 */
export function termsSentence(terms: LotTerms, currency: string): string {
  if (!hasCharges(terms)) return NO_CHARGES_TEXT;
  const parts = [
    ...(terms.buyersPremiumBps > 0 ? [`a ${premiumText(terms.buyersPremiumBps)} buyer’s premium`] : []),
    ...terms.buyerFees.map((f) => `a ${formatMoney(f.amount, currency)} ${ORDER_FEE_LABELS[f.kind].toLowerCase()}`),
    ...(terms.taxRate > 0 ? [`${taxRateText(terms.taxRate)} tax`] : []),
  ];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `A win costs your bid plus ${list}.`;
}

/**
 * What an order of `quantity` units at `unitPrice` would total under the
 * lot's terms: an auction's or a tender's order is one unit at its price, an
 * offer's the units offered. The terms do not say whether this buyer holds a
 * tax exemption, so the tax is the location's; the invoice leaves it out for
 * an exempt buyer. Null when the amount is beyond what the pricing can hold.
 */
export function priceAt(terms: LotTerms, unitPrice: number, quantity = 1): PricedOrder | null {
  try {
    return priceOrder({
      lines: [{ unitPrice, quantity }],
      buyersPremiumBps: terms.buyersPremiumBps,
      taxRatePercent: terms.taxRate,
      taxExempt: false,
      unitFees: terms.buyerFees,
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The all-in sentence from its opening, e.g. "A win at $10,000" → "A win at
 * $10,000 costs $12,394.63 all in: $10,000 + $1,200 buyer’s premium + $250
 * rigging fee + $944.63 tax."
 */
export function allInText(priced: PricedOrder, currency: string, opening: string): string {
  const money = (amount: number) => formatMoney(amount, currency);
  const parts = [
    money(priced.subtotal),
    ...(priced.buyersPremium > 0 ? [`${money(priced.buyersPremium)} buyer’s premium`] : []),
    ...priced.fees.map((f) => `${money(f.amount)} ${ORDER_FEE_LABELS[f.kind].toLowerCase()}`),
    ...(priced.tax > 0 ? [`${money(priced.tax)} tax`] : []),
  ];
  return `${opening} costs ${money(priced.total)} all in: ${parts.join(' + ')}.`;
}

/**
 * The lot's terms before the buyer commits (the buyer's premium, the tax
 * rate, each fee the buyer pays) and the all-in line `allIn` (the prompt
 * while there is nothing to price): shared by the bid form, the tender form
 * and the offer form. The all-in line is an `<output>` of the amount fields: a
 * status region, so a screen reader reads the new total as the amount is typed.
 */
export function LotTermsSummary({
  terms,
  currency,
  allIn,
  amountFor,
  prompt = ALL_IN_PROMPT,
}: {
  terms: LotTerms;
  currency: string;
  allIn: string | null;
  /** The ids of the fields the price is read from. */
  amountFor: string;
  prompt?: string;
}) {
  const titleId = useId();
  if (!hasCharges(terms)) return <p className={styles.note}>{NO_CHARGES_TEXT}</p>;
  return (
    <section className={styles.terms} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.stepTitle}>
        What you pay on top
      </h3>
      <dl className={styles.termsList}>
        {terms.buyersPremiumBps > 0 ? (
          <div>
            <dt>Buyer’s premium</dt>
            <dd>{premiumText(terms.buyersPremiumBps)}</dd>
          </div>
        ) : null}
        {terms.taxRate > 0 ? (
          <div>
            <dt>Tax</dt>
            <dd>{taxRateText(terms.taxRate)}</dd>
          </div>
        ) : null}
        {terms.buyerFees.map((fee) => (
          <div key={fee.kind}>
            <dt>{ORDER_FEE_LABELS[fee.kind]}</dt>
            <dd>{formatMoney(fee.amount, currency)}</dd>
          </div>
        ))}
      </dl>
      <output htmlFor={amountFor} className={styles.allIn}>
        {allIn ?? prompt}
      </output>
    </section>
  );
}

/**
 * The bid form's terms: what a win would cost all in at the amount typed,
 * else (nothing typed, or not an amount) at the minimum bid.
 */
export function BidTerms({
  terms,
  currency,
  typed,
  minimumBid,
  amountFor,
}: {
  terms: LotTerms;
  currency: string;
  /** The amount in the field the price is read from, when it is one. */
  typed: number | null;
  minimumBid: number;
  /** The ids of the fields the price is read from. */
  amountFor: string;
}) {
  const atTyped = typed === null ? null : priceAt(terms, typed);
  const priced = atTyped ?? priceAt(terms, minimumBid);
  const at = priced ? `${formatMoney(priced.subtotal, currency)}${atTyped === null ? ' (the minimum bid)' : ''}` : '';
  return (
    <LotTermsSummary
      terms={terms}
      currency={currency}
      allIn={priced ? allInText(priced, currency, `A win at ${at}`) : null}
      amountFor={amountFor}
    />
  );
}
