'use client';

import { DecisionForm } from '../../../components/forms/decision-form';
import { TextAreaField } from '../../../components/forms/field';
import { decideSellerApplicationAction } from '../../../lib/seller-applications/actions';

/** Approve: the company is created with the applicant as its owner. */
export function ApproveForm({ applicationId }: { applicationId: string }) {
  return (
    <DecisionForm
      act={decideSellerApplicationAction}
      hidden={{ applicationId, decision: 'approve' }}
      submit={['Approve', 'Approving…']}
    />
  );
}

/** Decline, with the reason the applicant is e-mailed. */
export function DeclineForm({ applicationId }: { applicationId: string }) {
  return (
    <DecisionForm
      act={decideSellerApplicationAction}
      hidden={{ applicationId, decision: 'decline' }}
      submit={['Decline', 'Declining…']}
      field={(state) => (
        <TextAreaField
          name="note"
          label="Reason for declining (e-mailed to the applicant)"
          rows={2}
          maxLength={1000}
          error={state.fieldErrors.note}
          defaultValue={state.values.note}
          idPrefix={`decline-${applicationId}`}
        />
      )}
    />
  );
}
