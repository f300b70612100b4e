import type { BuyNowState } from '@lotline/contracts';
import { unitsLeftText } from '../../lib/buy-now/buy-box-model';
import { formatMoney } from '../../lib/format/money';
import type { MissingStep } from '../../lib/messaging/missing-steps';
import { SignInActions } from '../lot-detail/lot-actions';
import styles from './buy-box.module.css';
import { BuyForm } from './buy-form';

export const SIGN_IN_TO_BUY = 'Sign in to buy';
export const SOLD_OUT_TEXT = 'Sold out: every unit of this item has been bought.';
export const NOT_ON_SALE_TEXT = 'This item is not on sale now.';

export type BuyGate = { kind: 'visitor' } | { kind: 'unverified'; steps: MissingStep[] } | { kind: 'ready' };

/**
 * The lot page's buy box for a buy-now item (issue 15; decision 0045): the
 * price, the viewer's all-in price (BUY_NOW_ALL_IN_PRICING), units left, and
 * what this person can do: sign in, finish verification, or buy (the client
 * island with its confirmation). Rendered on the server.
 */
export function BuyBox({
  state,
  gate,
  pagePath,
  title,
  autoOpen,
}: {
  state: BuyNowState;
  gate: BuyGate;
  pagePath: string;
  title: string;
  /** The card's "Buy now" came here: open the confirmation at once. */
  autoOpen: boolean;
}) {
  const money = (n: number) => formatMoney(n, state.currency);
  return (
    <div className={styles.box} data-testid="buy-box">
      <dl className={styles.prices}>
        <div>
          <dt>Buy now price</dt>
          <dd className={styles.price}>{money(state.price)}</dd>
        </div>
        {state.allInPrice !== null ? (
          <div>
            <dt>All-in price</dt>
            <dd className={styles.price} data-testid="all-in-price">
              {money(state.allInPrice)}
            </dd>
          </div>
        ) : null}
      </dl>
      {state.allInPrice !== null ? (
        <p className={styles.note}>
          {state.taxExempt
            ? 'All in for one unit: buyer’s premium and fees included, no tax (your tax exemption is active).'
            : 'All in for one unit: buyer’s premium, fees and tax at the lot location’s rate included.'}
        </p>
      ) : null}
      <p className={styles.units} data-testid="units-left">
        {unitsLeftText(state.quantity)}
      </p>
      <BuyAction state={state} gate={gate} pagePath={pagePath} title={title} autoOpen={autoOpen} />
    </div>
  );
}

function BuyAction(props: { state: BuyNowState; gate: BuyGate; pagePath: string; title: string; autoOpen: boolean }) {
  const { state, gate } = props;
  if (state.quantity <= 0) return <p>{SOLD_OUT_TEXT}</p>;
  if (!state.open) return <p>{NOT_ON_SALE_TEXT}</p>;
  if (gate.kind === 'visitor') {
    return (
      <SignInActions
        text="Sign in to buy this item. New to Lotline? Create an account."
        signInLabel={SIGN_IN_TO_BUY}
        pagePath={props.pagePath}
      />
    );
  }
  if (gate.kind === 'unverified') {
    return (
      <>
        <p>To buy, finish verifying your account:</p>
        <ul className={styles.steps} aria-label="Steps to complete">
          {gate.steps.map((step) => (
            <li key={step.label}>
              <a href={step.href}>{step.label}</a>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return <BuyForm state={state} title={props.title} autoOpen={props.autoOpen} />;
}
