'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../../../components/forms/form-messages';
import formStyles from '../../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../../components/forms/submit-button';
import {
  changeBidLimitAction,
  type DecisionState,
  decideRegistrationAction,
} from '../../../../../lib/seller-run/registration-actions';
import styles from '../../events.module.css';

const initial: DecisionState = {};

/** One registration of one event, the bidder's name for the labels, and the event's currency (limits are typed in it). */
interface RegistrationRow {
  eventId: string;
  registrationId: string;
  bidder: string;
  currency: string;
}

/**
 * Approve with an optional bid limit (decision 0080), or Decline with an optional reason (in a disclosure, so
 * the row stays short), for one pending registration. Plain forms with a server
 * action: they work before the page's JavaScript has loaded.
 */
export function DecisionForms({ eventId, registrationId, bidder, currency }: RegistrationRow) {
  const [state, action] = useActionState(decideRegistrationAction, initial);
  const reasonId = `reason-${registrationId}`;
  const limitId = `limit-${registrationId}`;
  return (
    <div className={styles.actions}>
      <FormMessages error={state.error} success={state.success} />
      <form action={action} className={formStyles.form}>
        <input type="hidden" name="eventId" value={eventId} />
        <input type="hidden" name="registrationId" value={registrationId} />
        <input type="hidden" name="decision" value="approve" />
        <input type="hidden" name="currency" value={currency} />
        <label htmlFor={limitId} className={formStyles.label}>
          Bid limit for {bidder} ({currency}, optional)
        </label>
        <input id={limitId} name="bidLimit" inputMode="decimal" className={formStyles.input} />
        <SubmitButton pendingLabel="Approving…" label={`Approve ${bidder}`}>
          Approve
        </SubmitButton>
      </form>
      <details>
        <summary>Decline…</summary>
        <form action={action} className={formStyles.form}>
          <input type="hidden" name="eventId" value={eventId} />
          <input type="hidden" name="registrationId" value={registrationId} />
          <input type="hidden" name="decision" value="decline" />
          <label htmlFor={reasonId} className={formStyles.label}>
            Reason for {bidder} (optional, sent in the e-mail)
          </label>
          <textarea id={reasonId} name="reason" maxLength={500} rows={2} className={formStyles.input} />
          <SubmitButton pendingLabel="Declining…" label={`Decline ${bidder}`}>
            Decline
          </SubmitButton>
        </form>
      </details>
    </div>
  );
}

/**
 * An approved registration's bid limit, changed later (raised, lowered to no less than the bidder's standing
 * maximum, or emptied to lift it), in a disclosure under the status.
 */
export function BidLimitForm({ eventId, registrationId, bidder, currency }: RegistrationRow) {
  const [state, action] = useActionState(changeBidLimitAction, initial);
  const limitId = `new-limit-${registrationId}`;
  return (
    <details>
      <summary>Change bid limit…</summary>
      <FormMessages error={state.error} success={state.success} />
      <form action={action} className={formStyles.form}>
        <input type="hidden" name="eventId" value={eventId} />
        <input type="hidden" name="registrationId" value={registrationId} />
        <input type="hidden" name="currency" value={currency} />
        <label htmlFor={limitId} className={formStyles.label}>
          New bid limit for {bidder} ({currency}; empty: no limit)
        </label>
        <input id={limitId} name="bidLimit" inputMode="decimal" className={formStyles.input} />
        <SubmitButton pendingLabel="Saving…" label={`Save the bid limit of ${bidder}`}>
          Save limit
        </SubmitButton>
      </form>
    </details>
  );
}
