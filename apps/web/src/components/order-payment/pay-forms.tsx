'use client';

import type { PaymentMethod } from '@lotline/contracts';
import { useActionState } from 'react';
import { cardLabel } from '../../lib/account/cards';
import { emptyForm } from '../../lib/auth/form-state';
import { chooseWireAction, payOrderAction } from '../../lib/orders/payment-actions';
import { ACCOUNT_PATH } from '../../lib/routes';
import { FormMessages } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';

/** Cards are added in the account's payment methods section. */
const ADD_CARD_HREF = `${ACCOUNT_PATH}#payment-methods-title`;

import styles from './order-payment.module.css';

/** "Pay now" (the default card) and "Pay with another card" (a saved card, or a link to add one). */
export function CardPayForms({
  orderId,
  formKey,
  cards,
}: {
  orderId: string;
  formKey: string;
  cards: PaymentMethod[];
}) {
  const [state, action] = useActionState(payOrderAction, emptyForm);
  const fallback = cards.find((c) => c.isDefault);
  const others = cards.filter((c) => !c.isDefault);
  return (
    <div className={styles.forms}>
      <FormMessages error={state.error} success={state.success} />
      {fallback ? (
        <form action={action}>
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="formKey" value={formKey} />
          <SubmitButton pendingLabel="Paying…">Pay now</SubmitButton>
          <span className={styles.hint}> with {cardLabel(fallback)}</span>
        </form>
      ) : (
        <p>You have no saved card yet.</p>
      )}
      <details className={styles.other} open={Boolean(state.error) || !fallback}>
        <summary>Pay with another card</summary>
        {others.length > 0 ? (
          <form action={action}>
            <input type="hidden" name="orderId" value={orderId} />
            <input type="hidden" name="formKey" value={formKey} />
            <fieldset className={styles.cards}>
              <legend>Your saved cards</legend>
              {others.map((card, i) => (
                <label key={card.id} className={styles.card}>
                  <input type="radio" name="paymentMethodId" value={card.id} defaultChecked={i === 0} required />{' '}
                  {cardLabel(card)}
                </label>
              ))}
            </fieldset>
            <SubmitButton pendingLabel="Paying…">Pay with this card</SubmitButton>
          </form>
        ) : null}
        <p>
          <a href={ADD_CARD_HREF}>Add a card</a> in your account, then come back to pay.
        </p>
      </details>
    </div>
  );
}

/** "Pay by wire transfer": the order then shows the instructions and waits for staff to mark it received. */
export function WireForm({ orderId }: { orderId: string }) {
  const [state, action] = useActionState(chooseWireAction, emptyForm);
  return (
    <form action={action} className={styles.forms}>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="orderId" value={orderId} />
      <SubmitButton pendingLabel="Choosing wire…">Pay by wire transfer</SubmitButton>
    </form>
  );
}
