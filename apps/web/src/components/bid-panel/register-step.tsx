'use client';

import type { PaymentMethod } from '@lotline/contracts';
import { useId, useRef, useState } from 'react';
import { cardLabel } from '../../lib/account/cards';
import { isUnsettled, newIdempotencyKey, postRegistration } from '../../lib/bidding/bidding-client';
import type { Registration } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import { ACCOUNT_PATH } from '../../lib/routes';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import styles from './bid-panel.module.css';
import { type LotTerms, termsSentence } from './bid-terms';
import { isTermsOfUseRefusal, TermsOfUseRefusal } from './terms-of-use-refusal';

/** BIDDING §6 in the bidder's words: what the hold is and what becomes of it. */
export function depositText(deposit: { amount: number; currency: string } | null | undefined): string {
  if (deposit === undefined) {
    return 'If this event asks for a bid deposit, a hold is placed on your card when you register. It is released if you do not win, and applied to your invoice if you do.';
  }
  if (deposit === null) return 'This event needs no bid deposit: registering places no hold on your card.';
  const amount = formatMoney(deposit.amount, deposit.currency);
  return `A hold of ${amount} is placed on your card when you register. It is released if you do not win, and applied to your invoice if you do.`;
}

export const DECLINED_CARD_TEXT =
  'The deposit hold on your card was declined. Choose another card, or add one on your account page, then try again.';

/**
 * Registering for the lot's event (contract §5 POST registered-auctions): the
 * deposit and what happens to it, the card it goes on (the default one, or
 * another when the person has several), and one button. Each press is one
 * attempt with its own Idempotency-Key; the key is kept only while an
 * attempt is unsettled (no answer, or a server failure), so its retry is the
 * same request and never places a second hold.
 */
export function RegisterStep({
  userId,
  eventId,
  deposit,
  cards,
  failed,
  terms,
  onRegistered,
}: {
  userId: string;
  eventId: string;
  /** The event's bid deposit; null for none, undefined when the event could not be read. */
  deposit: { amount: number; currency: string } | null | undefined;
  cards: PaymentMethod[];
  /** The last hold failed (declined card, failed renewal). */
  failed: boolean;
  /** What a win costs on top of the bid (premium, fees, tax), read before registering; absent until read. */
  terms?: { terms: LotTerms; currency: string } | undefined;
  onRegistered: (registration: Registration) => void;
}) {
  const defaultCard = cards.find((c) => c.isDefault) ?? cards[0];
  const [cardId, setCardId] = useState(defaultCard?.id ?? '');
  const [error, setError] = useState<string | undefined>(failed ? DECLINED_CARD_TEXT : undefined);
  const [errorCode, setErrorCode] = useState<string>();
  const [pending, setPending] = useState(false);
  const unanswered = useRef<{ key: string; cardId: string } | null>(null);
  const selectId = useId();

  async function register() {
    setPending(true);
    setError(undefined);
    setErrorCode(undefined);
    const attempt = unanswered.current?.cardId === cardId ? unanswered.current : { key: newIdempotencyKey(), cardId };
    unanswered.current = attempt;
    const result = await postRegistration(
      userId,
      eventId,
      deposit !== null && cardId ? { paymentMethodId: cardId } : {},
      attempt.key,
    );
    setPending(false);
    if (!result.ok && isUnsettled(result.status)) return setError(result.message);
    unanswered.current = null;
    if (!result.ok) {
      setErrorCode(result.code);
      return setError(result.message);
    }
    onRegistered(result.data);
  }

  return (
    <div className={styles.step}>
      <h3 className={styles.stepTitle}>Register to bid</h3>
      <p>{depositText(deposit)}</p>
      {terms ? <p>{termsSentence(terms.terms, terms.currency)}</p> : null}
      {deposit !== null && cards.length > 1 ? (
        <div className={forms.field}>
          <label htmlFor={selectId} className={forms.label}>
            Card for the deposit hold
          </label>
          <select id={selectId} className={forms.input} value={cardId} onChange={(e) => setCardId(e.target.value)}>
            {cards.map((card) => (
              <option key={card.id} value={card.id}>
                {cardLabel(card)}
                {card.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {deposit !== null && cards.length === 1 && defaultCard ? (
        <p>The hold goes on your {cardLabel(defaultCard)}.</p>
      ) : null}
      {deposit !== null && cards.length === 0 ? (
        <p>
          Add a card on <a href={`${ACCOUNT_PATH}#payment-methods-title`}>your account page</a> to place the hold.
        </p>
      ) : null}
      {error && isTermsOfUseRefusal(errorCode) ? <TermsOfUseRefusal message={error} /> : <FormMessages error={error} />}
      <p>
        <button type="button" className="button" onClick={register} disabled={pending} aria-disabled={pending}>
          {pending ? 'Registering…' : 'Register to bid'}
        </button>
      </p>
    </div>
  );
}
