'use client';

import { DecisionForm } from '../../../components/forms/decision-form';
import { Field, TextAreaField } from '../../../components/forms/field';
import { approveBidderAction, declineBidderAction } from '../../../lib/staff/bidder-review-actions';

/** Approve, with an optional bid limit for this event in its currency (decision 0080). */
export function ApproveBidderForm({ registrationId, currency }: { registrationId: string; currency: string }) {
  return (
    <DecisionForm
      act={approveBidderAction}
      hidden={{ registrationId, currency }}
      submit={['Approve', 'Approving…']}
      field={(state) => (
        <Field
          name="bidLimit"
          label={`Bid limit (${currency}, optional)`}
          inputMode="decimal"
          autoComplete="off"
          error={state.fieldErrors.bidLimit}
          defaultValue={state.values.bidLimit}
          idPrefix={`approve-${registrationId}`}
        />
      )}
    />
  );
}

/** Decline, with the reason the bidder is e-mailed. */
export function DeclineBidderForm({ registrationId }: { registrationId: string }) {
  return (
    <DecisionForm
      act={declineBidderAction}
      hidden={{ registrationId }}
      submit={['Decline', 'Declining…']}
      field={(state) => (
        <TextAreaField
          name="reason"
          label="Reason for declining (e-mailed to the bidder)"
          rows={2}
          maxLength={500}
          error={state.fieldErrors.reason}
          defaultValue={state.values.reason}
          idPrefix={`decline-${registrationId}`}
        />
      )}
    />
  );
}
