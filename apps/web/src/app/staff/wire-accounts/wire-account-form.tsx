'use client';

import type { WireAccountView, WireCurrency } from '@lotline/contracts';
import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { removeWireAccountAction, saveWireAccountAction } from '../../../lib/orders/wire-account-actions';

/** One currency's receiving account: the fields staff fill, "Save" and, once set, "Stop offering wire". */
export function WireAccountForm({ currency, account }: { currency: WireCurrency; account: WireAccountView | null }) {
  const [state, save] = useActionState(saveWireAccountAction, emptyForm);
  const [removed, remove] = useActionState(removeWireAccountAction, emptyForm);
  const value = (name: keyof WireAccountView) => state.values[name] ?? account?.[name] ?? '';
  const idPrefix = `wire-${currency}`;
  return (
    <>
      <form action={save} className={styles.form} noValidate>
        <FormMessages error={state.error} success={state.success} />
        <input type="hidden" name="currency" value={currency} />
        <Field
          name="beneficiary"
          label="Beneficiary (account holder)"
          autoComplete="off"
          required
          maxLength={140}
          idPrefix={idPrefix}
          defaultValue={value('beneficiary')}
          error={state.fieldErrors.beneficiary}
        />
        <Field
          name="bankName"
          label="Bank name and address"
          autoComplete="off"
          required
          maxLength={200}
          idPrefix={idPrefix}
          defaultValue={value('bankName')}
          error={state.fieldErrors.bankName}
        />
        <Field
          name="accountNumber"
          label="IBAN or account number"
          hint="For Canada: institution, transit and account number."
          autoComplete="off"
          required
          maxLength={64}
          idPrefix={idPrefix}
          defaultValue={value('accountNumber')}
          error={state.fieldErrors.accountNumber}
        />
        <Field
          name="bankCode"
          label="BIC/SWIFT or routing number"
          autoComplete="off"
          required
          maxLength={64}
          idPrefix={idPrefix}
          defaultValue={value('bankCode')}
          error={state.fieldErrors.bankCode}
        />
        <Field
          name="referenceNote"
          label="Reference note (optional)"
          hint="Printed after the order number, which is always the reference."
          autoComplete="off"
          maxLength={300}
          idPrefix={idPrefix}
          defaultValue={value('referenceNote')}
          error={state.fieldErrors.referenceNote}
        />
        <SubmitButton pendingLabel="Saving…" label={`Save the ${currency} account`}>
          Save
        </SubmitButton>
      </form>
      {account ? (
        <form action={remove} className={styles.form}>
          <FormMessages error={removed.error} success={removed.success} />
          <input type="hidden" name="currency" value={currency} />
          <SubmitButton pendingLabel="Removing…" label={`Stop offering wire transfer in ${currency}`}>
            {`Stop offering wire in ${currency}`}
          </SubmitButton>
        </form>
      ) : null}
    </>
  );
}
