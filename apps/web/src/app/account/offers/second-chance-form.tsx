'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import view from '../../../components/order-view/order-view.module.css';
import { emptyForm } from '../../../lib/auth/form-state';
import { secondChanceAction } from '../../../lib/orders/second-chance-actions';

/** "Buy it" or "No, thanks" on one second chance; the buttons say which (the submitter's `verb`). */
export function SecondChanceForm({ secondChanceId, formKey }: { secondChanceId: string; formKey: string }) {
  const [state, action, pending] = useActionState(secondChanceAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="secondChanceId" value={secondChanceId} />
      <input type="hidden" name="formKey" value={formKey} />
      <div className={view.row}>
        <button type="submit" name="verb" value="accept" className="button" aria-disabled={pending || undefined}>
          Buy it at this price
        </button>
        <button
          type="submit"
          name="verb"
          value="decline"
          className="button button-secondary"
          aria-disabled={pending || undefined}
        >
          No, thanks
        </button>
      </div>
    </form>
  );
}
