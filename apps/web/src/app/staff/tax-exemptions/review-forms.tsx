'use client';

import { DecisionForm } from '../../../components/forms/decision-form';
import { Field, TextAreaField } from '../../../components/forms/field';
import { approveExemptionAction, revokeExemptionAction } from '../../../lib/staff/review-actions';

/** Approve: the exemption is active until the end of the chosen day (default one year on). */
export function ApproveForm({ exemptionId, defaultExpiry }: { exemptionId: string; defaultExpiry: string }) {
  return (
    <DecisionForm
      act={approveExemptionAction}
      hidden={{ exemptionId }}
      submit={['Approve', 'Approving…']}
      field={(state) => (
        <Field
          name="expiresOn"
          label="Expires on"
          type="date"
          autoComplete="off"
          error={state.fieldErrors.expiresOn}
          defaultValue={state.values.expiresOn ?? defaultExpiry}
          idPrefix={`approve-${exemptionId}`}
        />
      )}
    />
  );
}

/** Revoke: refuse a certificate in review or withdraw an active one, saying why. */
export function RevokeForm({ exemptionId }: { exemptionId: string }) {
  return (
    <DecisionForm
      act={revokeExemptionAction}
      hidden={{ exemptionId }}
      submit={['Revoke', 'Revoking…']}
      field={(state) => (
        <TextAreaField
          name="note"
          label="Reason for revoking"
          rows={2}
          maxLength={1000}
          error={state.fieldErrors.note}
          defaultValue={state.values.note}
          idPrefix={`revoke-${exemptionId}`}
        />
      )}
    />
  );
}
