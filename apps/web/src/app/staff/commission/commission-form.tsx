'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { setMarketplaceCommissionAction } from '../../../lib/staff/commission-actions';

/** The default commission in basis points; the page shows the rate in force above it. */
export function MarketplaceCommissionForm({ commissionBps }: { commissionBps: number }) {
  const [state, action] = useActionState(setMarketplaceCommissionAction, emptyForm);
  const error = state.fieldErrors.commissionBps;
  return (
    <form action={action} className={forms.form} aria-label="The default commission">
      <div className={forms.field}>
        <label htmlFor="commission-bps" className={forms.label}>
          Default commission (basis points)
        </label>
        <input
          id="commission-bps"
          name="commissionBps"
          className={forms.input}
          inputMode="numeric"
          pattern="[0-9]*"
          required
          defaultValue={state.values.commissionBps ?? String(commissionBps)}
          aria-describedby="commission-bps-hint"
          aria-invalid={error ? true : undefined}
        />
        <span id="commission-bps-hint" className={forms.hint}>
          100 basis points are 1%; from 0 to 10000.
        </span>
      </div>
      <FormMessages error={error ?? state.error} success={state.success} />
      <SubmitButton pendingLabel="Saving…">Save the default commission</SubmitButton>
    </form>
  );
}
