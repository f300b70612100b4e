'use client';

import { useState } from 'react';
import { parseAmount } from '../../lib/bidding/amount';
import { isUnsettled, newIdempotencyKey } from '../../lib/bidding/bidding-client';
import { formatMoney } from '../../lib/format/money';
import { putTender, type YourTender } from '../../lib/tenders/tender-client';
import { AmountInput } from '../bid-panel/amount-input';
import styles from '../bid-panel/bid-panel.module.css';
import { allInText, type LotTerms, LotTermsSummary, priceAt } from '../bid-panel/bid-terms';
import { ConfirmActions } from '../dialog/confirm-actions';
import { Dialog } from '../dialog/dialog';
import { FormMessages } from '../forms/form-messages';

/** One confirmation: the amount and its Idempotency-Key, kept while it is retried after an unanswered attempt. */
type Attempt = { amount: number; key: string };

const FOCUS_AFTER_DIALOG_MS = 60;
export const SEALED_HINT =
  'Sealed: nobody, the seller included, sees it before the close. You may replace it until then.';

/** The all-in line of a tender: what the order would total if the seller awards the lot to it. */
function tenderAllIn(terms: LotTerms, currency: string, typed: string): string | null {
  const parsed = parseAmount(typed, currency);
  const priced = parsed.ok ? priceAt(terms, parsed.amount) : null;
  return priced
    ? allInText(priced, currency, `A tender of ${formatMoney(priced.subtotal, currency)}, if awarded,`)
    : null;
}

/**
 * The sealed-tender form (issue 15): one amount, the lot's terms with the
 * all-in cost of the amount typed, "Submit a tender" or, with a tender in,
 * "Replace your tender", then a confirmation dialog. A refusal is shown under
 * the field and focus goes back to it.
 */
export function TenderForm({
  lotId,
  currency,
  terms,
  replacing,
  onStored,
  onRefused,
}: {
  lotId: string;
  currency: string;
  terms: LotTerms;
  replacing: boolean;
  onStored: (tender: YourTender) => void;
  onRefused: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [dialogError, setDialogError] = useState<string>();
  const [pending, setPending] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency);

  function refuse(message: string) {
    setError(message);
    window.setTimeout(() => document.getElementById('bid-tender')?.focus(), FOCUS_AFTER_DIALOG_MS);
  }

  function review(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseAmount(value, currency);
    if (!parsed.ok) return refuse(parsed.message);
    setError(undefined);
    setDialogError(undefined);
    setAttempt({ amount: parsed.amount, key: newIdempotencyKey() });
  }

  async function confirm() {
    if (!attempt || pending) return;
    setPending(true);
    const result = await putTender(lotId, attempt.amount, attempt.key);
    setPending(false);
    // No answer or a server failure: the dialog stays, and Confirm resends the same key.
    if (!result.ok && isUnsettled(result.status)) return setDialogError(result.message);
    setAttempt(null);
    if (!result.ok) {
      onRefused();
      return refuse(result.message);
    }
    setValue('');
    onStored(result.data);
  }

  const action = replacing ? 'Replace your tender' : 'Submit a tender';
  return (
    <form className={styles.bidForm} onSubmit={review} noValidate>
      <AmountInput
        name="tender"
        label={replacing ? 'Your new tender' : 'Your tender'}
        hint={SEALED_HINT}
        value={value}
        error={error}
        onChange={setValue}
      />
      <LotTermsSummary
        terms={terms}
        currency={currency}
        allIn={tenderAllIn(terms, currency, value)}
        amountFor="bid-tender"
      />
      <p>
        <button type="submit" className="button">
          {action}
        </button>
      </p>
      <Dialog
        open={attempt !== null}
        onClose={() => setAttempt(null)}
        dismissible={!pending}
        title="Confirm your tender"
      >
        <p>
          {attempt && replacing
            ? `Replace your tender with ${money(attempt.amount)}?`
            : `Submit a sealed tender of ${money(attempt?.amount ?? 0)}?`}
        </p>
        <p className={styles.note}>If the seller awards the lot to your tender, you buy it at this amount.</p>
        <FormMessages error={dialogError} />
        <ConfirmActions
          pending={pending}
          pendingLabel="Sending…"
          onConfirm={confirm}
          onCancel={() => setAttempt(null)}
        />
      </Dialog>
    </form>
  );
}
