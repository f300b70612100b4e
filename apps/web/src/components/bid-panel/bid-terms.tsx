import { ORDER_FEE_LABELS, type PricedOrder, priceOrder } from '@lotline/domain';
import { useId } from 'react';
import type { BiddingState } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import styles from './bid-panel.module.css';

type LotTerms = BiddingState['terms'];

const NO_CHARGES_TEXT = 'No buyer’s premium, tax or fees on top.';

// A rate is only shown, never computed with: the money is priceOrder's, in integers.
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 3 });
/** 1200 basis points → "12%". */
const premiumText = (bps: number) => percent.format(bps / 10_000);
/** A tax rate in percent, 8.25 → "8.25%". */
const taxRateText = (rate: number) => percent.format(rate / 100);

const hasCharges = (terms: LotTerms) => terms.buyersPremiumBps > 0 || terms.taxRate > 0 || terms.buyerFees.length > 0;

/**
 * What the winner's order would total at `price`: an auction's order is one
 * unit at the hammer price. The terms do not say whether this buyer holds a
 * tax exemption, so the tax is the location's; the invoice leaves it out for
 * an exempt buyer. Null when the amount is beyond what the pricing can hold.
 */
function priceWin(terms: LotTerms, price: number): PricedOrder | null {
  try {
    return priceOrder({
      lines: [{ unitPrice: price, quantity: 1 }],
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
 * The all-in sentence, e.g. "A win at $10,000 costs $12,394.63 all in:
 * $10,000 + $1,200 buyer’s premium + $250 rigging fee + $944.63 tax."
 */
function allInText(priced: PricedOrder, currency: string, atMinimum: boolean): string {
  const money = (amount: number) => formatMoney(amount, currency);
  const parts = [
    money(priced.subtotal),
    ...(priced.buyersPremium > 0 ? [`${money(priced.buyersPremium)} buyer’s premium`] : []),
    ...priced.fees.map((f) => `${money(f.amount)} ${ORDER_FEE_LABELS[f.kind].toLowerCase()}`),
    ...(priced.tax > 0 ? [`${money(priced.tax)} tax`] : []),
  ];
  const at = `${money(priced.subtotal)}${atMinimum ? ' (the minimum bid)' : ''}`;
  return `A win at ${at} costs ${money(priced.total)} all in: ${parts.join(' + ')}.`;
}

/**
 * The lot's terms before the bidder commits (the buyer's premium, the tax
 * rate, each fee the buyer pays) and what a win would cost all in: at the
 * amount typed, else (nothing typed, or not an amount) at the minimum bid.
 * The all-in line is an `<output>` of the amount fields: a status region, so
 * a screen reader reads the new total as the amount is typed.
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
  const titleId = useId();
  if (!hasCharges(terms)) return <p className={styles.note}>{NO_CHARGES_TEXT}</p>;
  const atTyped = typed === null ? null : priceWin(terms, typed);
  const priced = atTyped ?? priceWin(terms, minimumBid);
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
      {priced ? (
        <output htmlFor={amountFor} className={styles.allIn}>
          {allInText(priced, currency, atTyped === null)}
        </output>
      ) : null}
    </section>
  );
}
