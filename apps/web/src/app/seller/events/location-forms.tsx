'use client';

import type { SellerEventLocation } from '@lotline/contracts';
import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import formStyles from '../../../components/forms/forms.module.css';
import { RegionOptions, SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { addLocationAction, removeLocationAction } from '../../../lib/seller-events/location-actions';
import styles from './events.module.css';

/** Adds a disposition location to the event (spec §3): where its assets sit, with the local tax rate. */
export function AddLocationForm({ eventId }: { eventId: string }) {
  const [state, action] = useActionState(addLocationAction, emptyForm);
  const errors = state.fieldErrors;
  const field = (name: string, label: string) => (
    <Field
      name={name}
      label={label}
      autoComplete="off"
      error={errors[name]}
      defaultValue={state.values[name]}
      idPrefix="location"
    />
  );
  return (
    <form action={action} className={formStyles.form} noValidate aria-label="Add a location">
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="eventId" value={eventId} />
      <div className={styles.grid}>
        {field('city', 'City')}
        <SelectField
          name="region"
          label="State or province"
          error={errors.region}
          defaultValue={state.values.region ?? ''}
          prefix="location"
        >
          <RegionOptions />
        </SelectField>
        <SelectField
          name="country"
          label="Country"
          error={errors.country}
          defaultValue={state.values.country ?? 'US'}
          prefix="location"
        >
          <option value="US">United States</option>
          <option value="CA">Canada</option>
        </SelectField>
        {field('taxRate', 'Tax rate (%)')}
        {field('lat', 'Latitude')}
        {field('lon', 'Longitude')}
      </div>
      <div>
        <SubmitButton pendingLabel="Adding…">Add location</SubmitButton>
      </div>
    </form>
  );
}

export function RemoveLocationForm({ eventId, location }: { eventId: string; location: SellerEventLocation }) {
  const [state, action] = useActionState(removeLocationAction, emptyForm);
  const name = `${location.city}, ${location.region}, ${location.country}`;
  return (
    <form action={action} className={styles.actions}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="locationId" value={location._id} />
      <span>
        {name} · tax {location.taxRate}%
      </span>
      <SubmitButton pendingLabel="Removing…" label={`Remove ${name}`}>
        Remove
      </SubmitButton>
      <FormMessages error={state.error} />
    </form>
  );
}
