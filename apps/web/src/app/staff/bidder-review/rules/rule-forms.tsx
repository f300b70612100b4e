'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../../components/forms/form-messages';
import styles from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm } from '../../../../lib/auth/form-state';
import { createRuleAction, deleteRuleAction } from '../../../../lib/staff/bidder-review-actions';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.fieldError}>
      {error}
    </p>
  ) : null;
}

/** A new rule for a company: its conditions and the limit it sets (decision 0080). */
export function NewRuleForm({ companies }: { companies: { id: string; name: string }[] }) {
  const [state, action] = useActionState(createRuleAction, emptyForm);
  const e = state.fieldErrors;
  const described = (id: string) => (e[id] ? { 'aria-invalid': true, 'aria-describedby': `rule-${id}-error` } : {});
  return (
    <form action={action} className={styles.form} noValidate aria-label="New auto-approval rule">
      <FormMessages error={state.error} success={state.success} />
      <div className={styles.field}>
        <label htmlFor="rule-companyId" className={styles.label}>
          Company
        </label>
        <select
          id="rule-companyId"
          name="companyId"
          className={styles.input}
          defaultValue={state.values.companyId}
          {...described('companyId')}
        >
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id="rule-companyId" error={e.companyId} />
      </div>
      <div className={styles.field}>
        <label>
          <input type="checkbox" name="requireVerified" defaultChecked /> The bidder is verified
        </label>
      </div>
      <div className={styles.field}>
        <label>
          <input type="checkbox" name="requireNoUnpaidOrders" defaultChecked /> The bidder has no unpaid orders
        </label>
      </div>
      <div className={styles.field}>
        <label htmlFor="rule-minAccountAgeDays" className={styles.label}>
          Minimum account age in days (optional)
        </label>
        <input
          id="rule-minAccountAgeDays"
          name="minAccountAgeDays"
          inputMode="numeric"
          className={styles.input}
          defaultValue={state.values.minAccountAgeDays}
          {...described('minAccountAgeDays')}
        />
        <FieldError id="rule-minAccountAgeDays" error={e.minAccountAgeDays} />
      </div>
      <div className={styles.field}>
        <label htmlFor="rule-currency" className={styles.label}>
          Currency of the company’s events it applies to
        </label>
        <select id="rule-currency" name="currency" className={styles.input} defaultValue={state.values.currency}>
          <option value="USD">USD</option>
          <option value="CAD">CAD</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="rule-bidLimit" className={styles.label}>
          Bid limit to set (optional; empty: no limit)
        </label>
        <input
          id="rule-bidLimit"
          name="bidLimit"
          inputMode="decimal"
          className={styles.input}
          defaultValue={state.values.bidLimit}
          {...described('bidLimit')}
        />
        <FieldError id="rule-bidLimit" error={e.bidLimit} />
      </div>
      <SubmitButton pendingLabel="Adding…">Add rule</SubmitButton>
    </form>
  );
}

export function DeleteRuleForm({ ruleId, label }: { ruleId: string; label: string }) {
  const [state, action] = useActionState(deleteRuleAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="ruleId" value={ruleId} />
      <SubmitButton pendingLabel="Deleting…" label={`Delete ${label}`}>
        Delete
      </SubmitButton>
    </form>
  );
}
