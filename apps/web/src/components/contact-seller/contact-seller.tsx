'use client';

import { MESSAGE_MAX_LENGTH } from '@lotline/contracts/constants';
import { useActionState, useCallback, useEffect, useState, useTransition } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import {
  agreeToEventTermsAction,
  contactSellerAction,
  type MessageFormState,
} from '../../lib/messaging/messaging-actions';
import type { MissingStep } from '../../lib/messaging/missing-steps';
import { TERMS_OF_USE_PATH } from '../../lib/routes';
import { Dialog, DialogActions, SignInPrompt } from '../dialog/dialog';
import { TextAreaField } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { SubmitButton } from '../forms/submit-button';
import styles from './contact-seller.module.css';

/**
 * Where the person stands in the Contact Seller flow (spec §5), decided by the
 * page on the server: a visitor, a user who is not verified (and what is
 * missing), a verified user who has not agreed to the event's terms, or one
 * who may write.
 */
export type ContactGate =
  | { kind: 'visitor' }
  | { kind: 'unverified'; steps: MissingStep[] }
  | { kind: 'terms' }
  | { kind: 'ready' };

export interface ContactSubject {
  event: { _id: string; name: string };
  eventLot?: { _id: string; name: string; number: string };
  terms: { _id: string; type: string; text: string }[];
}

const FORM_ID = 'contact-seller';
const TITLES = { unverified: 'Verify your account', terms: 'Event terms', ready: 'Message the seller' } as const;

export function ContactSeller({
  gate,
  subject,
  pagePath,
}: {
  gate: ContactGate;
  subject: ContactSubject;
  pagePath: string;
}) {
  const [open, setOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const stage = gate.kind === 'terms' && agreed ? 'ready' : gate.kind;

  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Contact Seller
      </button>
      {stage === 'visitor' ? (
        <SignInPrompt open={open} onClose={close} text="Sign in to contact the seller." nextPath={pagePath} />
      ) : null}
      {stage !== 'visitor' ? (
        // One dialog whose content follows the stage, so that focus returns to the button from every step.
        <Dialog open={open} onClose={close} title={TITLES[stage]}>
          {stage === 'unverified' && gate.kind === 'unverified' ? (
            <>
              <p>To contact a seller, complete these steps on your account page:</p>
              <ul className={styles.steps} aria-label="Steps to complete">
                {gate.steps.map((step) => (
                  <li key={step.label}>
                    <a href={step.href}>{step.label}</a>
                  </li>
                ))}
              </ul>
              <DialogActions>
                <button type="button" className="button button-secondary" onClick={close}>
                  Close
                </button>
              </DialogActions>
            </>
          ) : null}
          {stage === 'terms' ? <TermsStep subject={subject} onAgreed={() => setAgreed(true)} onCancel={close} /> : null}
          {stage === 'ready' ? <MessageForm subject={subject} onCancel={close} focusOnMount={agreed} /> : null}
        </Dialog>
      ) : null}
    </>
  );
}

function TermsStep({
  subject,
  onAgreed,
  onCancel,
}: {
  subject: ContactSubject;
  onAgreed: () => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const agree = () =>
    startTransition(async () => {
      const result = await agreeToEventTermsAction(subject.event._id);
      if (result.ok) onAgreed();
      else setError(result.error ?? 'Your agreement could not be recorded. Try again.');
    });
  return (
    <>
      <p>To contact the seller of {subject.event.name}, agree to the event’s bidder terms.</p>
      <div className={styles.terms}>
        {subject.terms.length === 0 ? <p>This event has no terms beyond the site’s bidder terms.</p> : null}
        {subject.terms.map((term) => (
          <section key={term._id} aria-label={`${term.type} Terms`}>
            <h3 className={styles.termTitle}>{term.type} Terms</h3>
            <p>{term.text}</p>
          </section>
        ))}
      </div>
      <p>
        They add to the{' '}
        <a href={TERMS_OF_USE_PATH} target="_blank" rel="noopener">
          Lotline Terms of Use<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <FormMessages error={error} />
      <DialogActions>
        <button type="button" className="button" onClick={agree} disabled={pending} aria-disabled={pending}>
          {pending ? 'Agreeing…' : 'I agree'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </DialogActions>
    </>
  );
}

function MessageForm({
  subject,
  onCancel,
  focusOnMount,
}: {
  subject: ContactSubject;
  onCancel: () => void;
  /** After "I agree" the button that had focus is gone: the message box takes it. */
  focusOnMount: boolean;
}) {
  const [state, action] = useActionState(contactSellerAction, emptyForm as MessageFormState);
  useEffect(() => {
    if (focusOnMount) document.getElementById(`${FORM_ID}-body`)?.focus();
  }, [focusOnMount]);
  const lot = subject.eventLot;
  const about = lot ? `Lot ${lot.number}: ${lot.name} (${subject.event.name})` : subject.event.name;
  if (state.threadHref) {
    return (
      <>
        <FormMessages success={state.success} />
        <DialogActions>
          <a className="button" href={state.threadHref}>
            View the conversation
          </a>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Close
          </button>
        </DialogActions>
      </>
    );
  }
  return (
    <form action={action} className={forms.form} noValidate>
      <p className={styles.subject}>
        <span className={styles.subjectLabel}>Subject</span> {about}
      </p>
      <FormMessages error={state.error} />
      <input type="hidden" name="eventId" value={subject.event._id} />
      {lot ? <input type="hidden" name="eventLotId" value={lot._id} /> : null}
      <TextAreaField
        name="body"
        label="Message"
        idPrefix={FORM_ID}
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH}
        error={state.fieldErrors.body}
        defaultValue={state.values.body}
      />
      <DialogActions>
        <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </DialogActions>
    </form>
  );
}
