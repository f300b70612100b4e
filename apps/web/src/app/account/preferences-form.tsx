'use client';

import { BUYER_PERSONAS, NOTIFICATION_SETTINGS } from '@lotline/contracts/constants';
import { useActionState } from 'react';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { SelectField } from '../../components/forms/select-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { PERSONA_LABELS } from '../../lib/account/persona-labels';
import { savePreferencesAction } from '../../lib/account/preferences-actions';
import { emptyForm } from '../../lib/auth/form-state';

export interface Preferences {
  persona: string;
  notifications: Record<string, boolean>;
  sms: boolean;
  timezone: string;
}

/** The user vars a person sets themselves (spec §3). Works without JavaScript. */
export function PreferencesForm({ preferences: p, timeZones }: { preferences: Preferences; timeZones: string[] }) {
  const [state, action] = useActionState(savePreferencesAction, emptyForm);
  const persona = state.values.buyer_persona ?? p.persona;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <fieldset key={persona} className={styles.fieldset}>
        <legend className={styles.label}>How do you buy?</legend>
        {BUYER_PERSONAS.map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="buyer_persona" value={value} defaultChecked={value === persona} />
            <span>
              <strong>{value}</strong>: {PERSONA_LABELS[value]}
            </span>
          </label>
        ))}
        {state.fieldErrors.buyer_persona ? (
          <p className={styles.fieldError}>{state.fieldErrors.buyer_persona}</p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>E-mail me</legend>
        {NOTIFICATION_SETTINGS.map(([name, label]) => (
          <label key={name} className={styles.choice}>
            <input type="checkbox" name={`notify-${name}`} defaultChecked={p.notifications[name] ?? true} />
            {label}
          </label>
        ))}
      </fieldset>
      <label className={styles.choice}>
        <input type="checkbox" name="auction-sms-notification" defaultChecked={p.sms} />
        Text me (SMS) about auctions I bid in
      </label>
      <SelectField
        name="timezone"
        label="Time zone"
        error={state.fieldErrors.timezone}
        defaultValue={state.values.timezone ?? p.timezone}
        prefix="preferences"
      >
        <option value="">Not set (each event’s local time)</option>
        {timeZones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      <SubmitButton pendingLabel="Saving…">Save preferences</SubmitButton>
    </form>
  );
}
