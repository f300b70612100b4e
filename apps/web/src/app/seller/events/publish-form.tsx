'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import formStyles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { type PublishState, publishEventAction } from '../../../lib/seller-events/event-actions';
import styles from './events.module.css';

const initial: PublishState = { problems: [] };

/** "Publish": as published or view-only; when the checks fail, the API's list of what is missing. */
export function PublishForm({ eventId }: { eventId: string }) {
  const [state, action] = useActionState(publishEventAction, initial);
  return (
    <form action={action} className={formStyles.form}>
      <input type="hidden" name="eventId" value={eventId} />
      <FormMessages error={state.error} success={state.success} />
      {state.problems.length > 0 ? (
        <div role="alert">
          <p className={formStyles.label}>The event cannot be published yet:</p>
          <ul className={styles.problems} aria-label="What is missing">
            {state.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.label}>Publish as</legend>
        <label className={formStyles.choice}>
          <input type="radio" name="as" value="published" defaultChecked />
          Published (open for bidding and buying)
        </label>
        <label className={formStyles.choice}>
          <input type="radio" name="as" value="view-only" />
          View only (shown, not open)
        </label>
      </fieldset>
      <div>
        <SubmitButton pendingLabel="Publishing…">Publish</SubmitButton>
      </div>
    </form>
  );
}
