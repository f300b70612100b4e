'use client';

import { useActionState, useState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { parseAmount } from '../../lib/bidding/amount';
import { parseQuantity } from '../../lib/buy-now/buy-box-model';
import { allInText, type LotTerms, LotTermsSummary, priceAt } from '../bid-panel/bid-terms';
import { Field, TextAreaField } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import styles from './offer-box.module.css';
import { offerAmountText } from './offer-text';

type Typed = { amount: string; quantity: string };

/** The all-in line of an offer: what the order of the units offered would total if the seller accepts it. */
function offerAllIn(terms: LotTerms, currency: string, typed: Typed, maxQuantity: number): string | null {
  const amount = parseAmount(typed.amount, currency);
  const units = parseQuantity(typed.quantity, maxQuantity);
  if (!amount.ok || !('quantity' in units)) return null;
  const priced = priceAt(terms, amount.amount, units.quantity);
  const offered = offerAmountText({ amount: amount.amount, quantity: units.quantity, currency });
  return priced ? allInText(priced, currency, `An offer of ${offered}, if accepted,`) : null;
}

/**
 * "Make an offer": the price per unit, the units and a note to the seller,
 * each labelled, errors beside them; with the lot's terms (when they could be
 * read), the all-in cost of the units at the price typed.
 */
export function MakeOfferForm({
  action,
  priceText,
  maxQuantity,
  currency,
  terms,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  priceText: string;
  maxQuantity: number;
  currency: string;
  terms: LotTerms | null;
}) {
  const [state, formAction] = useActionState(action, emptyForm);
  // The fields stay uncontrolled (the form works before hydration); what is typed is followed for the all-in line.
  const [typed, setTyped] = useState<Typed>({ amount: '', quantity: '1' });
  const follow = (form: HTMLFormElement) => {
    const data = new FormData(form);
    setTyped({ amount: String(data.get('amount') ?? ''), quantity: String(data.get('quantity') ?? '1') });
  };
  if (state.success) return <FormMessages success={state.success} />;
  return (
    <form action={formAction} className={styles.form} onChange={(e) => follow(e.currentTarget)} noValidate>
      <FormMessages error={state.error} />
      <Field
        name="amount"
        label="Your offer per unit"
        hint={`Below the Buy Now price of ${priceText}.`}
        autoComplete="off"
        idPrefix="offer"
        error={state.fieldErrors.amount}
        defaultValue={state.values.amount}
        required
      />
      {maxQuantity > 1 ? (
        <Field
          name="quantity"
          label="Units"
          hint={`Up to ${maxQuantity}.`}
          autoComplete="off"
          idPrefix="offer"
          error={state.fieldErrors.quantity}
          defaultValue={state.values.quantity ?? '1'}
        />
      ) : null}
      <TextAreaField
        name="message"
        label="Message to the seller (optional)"
        idPrefix="offer"
        maxLength={1000}
        defaultValue={state.values.message}
      />
      {terms ? (
        <LotTermsSummary
          terms={terms}
          currency={currency}
          allIn={offerAllIn(terms, currency, typed, maxQuantity)}
          amountFor={maxQuantity > 1 ? 'offer-amount offer-quantity' : 'offer-amount'}
          prompt={maxQuantity > 1 ? 'Enter an amount per unit and the units to see what it costs all in.' : undefined}
        />
      ) : null}
      <SubmitButton pendingLabel="Sending…">Send offer</SubmitButton>
    </form>
  );
}
