'use client';

import { useId, useState } from 'react';
import { amountInputText, parseAmount } from '../../lib/bidding/amount';
import { type BidField, type BidMode, checkBid, confirmText } from '../../lib/bidding/bid-input';
import { isUnsettled, newIdempotencyKey, postBid } from '../../lib/bidding/bidding-client';
import type { BiddingState, PlacedBid } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import { ConfirmActions } from '../dialog/confirm-actions';
import { Dialog } from '../dialog/dialog';
import { FormMessages } from '../forms/form-messages';
import { AmountInput } from './amount-input';
import styles from './bid-panel.module.css';
import { BidTerms } from './bid-terms';
import { isTermsOfUseRefusal, TermsOfUseRefusal } from './terms-of-use-refusal';

type Body = { amount: number; maxAmount?: number };
/** One confirmation: what is sent and its key, kept while it is retried after an unanswered attempt. */
type Attempt = { body: Body; key: string; text: string };

const FOCUS_AFTER_DIALOG_MS = 60;

/**
 * The bid form (BIDDING §3): the next minimum, an amount and an optional
 * maximum (or, for the leader, only a new maximum), every preset at or above
 * the minimum bid as a quick pick for the maximum, the lot's terms with the
 * all-in cost of the amount typed, then a confirmation dialog. Refusals, the
 * form's own check or the API's, are shown under the field they concern.
 */
export function BidForm({
  lotId,
  mode,
  currency,
  minimumBid,
  standingMax,
  presets,
  terms,
  onPlaced,
  onRefused,
}: {
  lotId: string;
  mode: BidMode;
  currency: string;
  minimumBid: number;
  standingMax: number | null;
  presets: number[];
  terms: BiddingState['terms'];
  onPlaced: (placed: PlacedBid) => void;
  /** After the API refused the bid (the minimum moved, the lot closed…): the panel reads its state again. */
  onRefused: () => void;
}) {
  const [values, setValues] = useState({ amount: '', maxAmount: '' });
  const [errors, setErrors] = useState<Partial<Record<BidField, string>>>({});
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [dialogError, setDialogError] = useState<string>();
  // A refusal about the person, not a field: the Terms of Use in force are not agreed yet (decision 0084).
  const [termsRefusal, setTermsRefusal] = useState<string>();
  const [pending, setPending] = useState(false);
  const presetsId = useId();
  const money = (amount: number) => formatMoney(amount, currency);
  const picks = presets.filter((p) => p >= minimumBid && (standingMax === null || p > standingMax));
  // The all-in cost follows the field the price comes from: the bid, or the leader's new maximum.
  const priceField = mode === 'bid' ? 'amount' : 'maxAmount';
  const typed = parseAmount(values[priceField], currency);

  /**
   * Shows the refusal under its field and puts focus there, so it is read out
   * with the field; after the dialog has given focus back to its opener.
   */
  function refuse(field: BidField, message: string) {
    setErrors({ [field]: message });
    window.setTimeout(() => document.getElementById(`bid-${field}`)?.focus(), FOCUS_AFTER_DIALOG_MS);
  }

  function review(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkBid(mode, values, { currency, minimumBid, standingMax });
    if (!checked.ok) return refuse(checked.field, checked.message);
    setErrors({});
    setDialogError(undefined);
    setTermsRefusal(undefined);
    setAttempt({ body: checked.body, key: newIdempotencyKey(), text: confirmText(mode, checked.body, currency) });
  }

  async function confirm() {
    if (!attempt || pending) return;
    setPending(true);
    const result = await postBid(lotId, attempt.body, attempt.key);
    setPending(false);
    // No answer, or the server failed (the bid may have been taken): the dialog stays, and Confirm
    // sends the same request with the same key, so it is never placed twice.
    if (!result.ok && isUnsettled(result.status)) return setDialogError(result.message);
    setAttempt(null);
    if (!result.ok && isTermsOfUseRefusal(result.code)) {
      onRefused();
      return setTermsRefusal(result.message);
    }
    if (!result.ok) {
      const field: BidField =
        result.field === 'maxAmount' || result.code === 'MAX_BELOW_CURRENT' ? 'maxAmount' : 'amount';
      onRefused();
      return refuse(mode === 'raise' ? 'maxAmount' : field, result.message);
    }
    setValues({ amount: '', maxAmount: '' });
    onPlaced(result.data);
  }

  return (
    <form className={styles.bidForm} onSubmit={review} noValidate>
      {mode === 'bid' ? (
        <p className={styles.minimum}>
          Minimum bid <strong>{money(minimumBid)}</strong>
        </p>
      ) : (
        <p>You lead. You may raise your maximum; the price does not move unless someone bids.</p>
      )}
      {mode === 'bid' ? (
        <AmountInput
          name="amount"
          label="Your bid"
          hint={`At least ${money(minimumBid)}`}
          value={values.amount}
          error={errors.amount}
          onChange={(amount) => setValues((v) => ({ ...v, amount }))}
        />
      ) : null}
      <AmountInput
        name="maxAmount"
        label={mode === 'bid' ? 'Maximum bid (optional)' : 'New maximum bid'}
        hint="We bid for you up to this amount, only as much as needed to keep you in the lead."
        value={values.maxAmount}
        error={errors.maxAmount}
        onChange={(maxAmount) => setValues((v) => ({ ...v, maxAmount }))}
      />
      {picks.length > 0 ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form control group with a legend
        <div role="group" aria-labelledby={presetsId} className={styles.presets}>
          <span id={presetsId} className={styles.presetsLabel}>
            Quick picks for your maximum
          </span>
          {picks.map((p) => (
            <button
              key={p}
              type="button"
              className="button button-secondary"
              aria-pressed={values.maxAmount === amountInputText(p, currency)}
              onClick={() => setValues((v) => ({ ...v, maxAmount: amountInputText(p, currency) }))}
            >
              {money(p)}
            </button>
          ))}
        </div>
      ) : null}
      <BidTerms
        terms={terms}
        currency={currency}
        typed={typed.ok ? typed.amount : null}
        minimumBid={minimumBid}
        amountFor={`bid-${priceField}`}
      />
      {termsRefusal ? <TermsOfUseRefusal message={termsRefusal} /> : null}
      <p>
        <button type="submit" className="button">
          {mode === 'bid' ? 'Place bid' : 'Raise maximum'}
        </button>
      </p>
      {/* While the bid is being placed the dialog cannot be dismissed (Escape included): its attempt and
          Idempotency-Key must survive until the answer, and its buttons stay focusable (aria-disabled). */}
      <Dialog open={attempt !== null} onClose={() => setAttempt(null)} dismissible={!pending} title="Confirm your bid">
        <p>{attempt?.text}</p>
        <p className={styles.note}>A confirmed bid cannot be withdrawn.</p>
        <FormMessages error={dialogError} />
        <ConfirmActions
          pending={pending}
          pendingLabel="Placing…"
          onConfirm={confirm}
          onCancel={() => setAttempt(null)}
        />
      </Dialog>
    </form>
  );
}
