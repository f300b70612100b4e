'use client';

import { useActionState } from 'react';
import { agreeToTermsFormAction, type TermsFormState } from '../../lib/messaging/messaging-actions';
import { FormMessages } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import styles from './lot-detail.module.css';

export interface LotTerm {
  _id: string;
  type: string;
  text: string;
}

/**
 * A verified user who has not yet agreed to the event's bidder terms: the
 * terms to read and an "I agree" form (works without JavaScript). Once agreed,
 * `ready` takes its place.
 */
export function TermsAgree({
  eventId,
  eventName,
  terms,
  ready,
}: {
  eventId: string | null;
  eventName: string | null;
  terms: LotTerm[];
  ready: React.ReactNode;
}) {
  const [state, action] = useActionState(agreeToTermsFormAction, { agreed: false } as TermsFormState);
  // Announced, since the form that had focus is gone.
  if (state.agreed) return <div role="status">{ready}</div>;
  return (
    <>
      <p>
        {eventName
          ? `To bid on this lot, agree to the bidder terms of ${eventName}.`
          : 'To bid on this lot, agree to Lotline’s bidder terms.'}
      </p>
      {terms.length > 0 ? (
        <details className={styles.terms}>
          <summary>Read the event’s terms</summary>
          {terms.map((term) => (
            <section key={term._id} aria-label={`${term.type} Terms`}>
              <h3 className={styles.termTitle}>{term.type} Terms</h3>
              <p>{term.text}</p>
            </section>
          ))}
        </details>
      ) : null}
      <form action={action}>
        <input type="hidden" name="eventId" value={eventId ?? ''} />
        <FormMessages error={state.error} />
        <SubmitButton pendingLabel="Agreeing…">I agree</SubmitButton>
      </form>
    </>
  );
}
