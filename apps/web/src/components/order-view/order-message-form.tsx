'use client';

import { useActionState } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import { orderMessageAction } from '../../lib/orders/actions';
import { FormMessages } from '../forms/form-messages';
import styles from '../forms/forms.module.css';
import { SubmitButton } from '../forms/submit-button';

/** Writes in the order's thread (ORDER_CONVERSATION); the first message starts it. */
export function OrderMessageForm({ orderId, side }: { orderId: string; side: 'buyer' | 'seller' }) {
  const [state, action] = useActionState(orderMessageAction, emptyForm);
  const id = `order-message-${orderId}`;
  const error = state.fieldErrors.body;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="side" value={side} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {side === 'buyer' ? 'Message to the seller' : 'Message to the buyer'}
        </label>
        <textarea
          id={id}
          name="body"
          rows={3}
          maxLength={5000}
          className={styles.input}
          defaultValue={state.success ? '' : state.values.body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton pendingLabel="Sending…">Send message</SubmitButton>
    </form>
  );
}
