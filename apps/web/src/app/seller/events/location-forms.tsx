'use client';

import type { SellerEventLocation } from '@lotline/contracts';
import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import formStyles from '../../../components/forms/forms.module.css';
import { RegionOptions, SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm, type FormState } from '../../../lib/auth/form-state';
import { addCompanyLocationAction, removeCompanyLocationAction } from '../../../lib/seller-company/location-actions';
import {
  addLocationAction,
  copyCompanyLocationAction,
  removeLocationAction,
} from '../../../lib/seller-events/location-actions';
import styles from './events.module.css';

/**
 * Disposition locations (spec §3): where assets sit, with the local tax rate.
 * The same form serves an event's locations and the company's address book
 * (decision 0054); `owner` says whose: `{ eventId }` or `{ companyId }`.
 */
type Owner = { eventId: string } | { companyId: string };

const hidden = (owner: Owner) =>
  'eventId' in owner ? (
    <input type="hidden" name="eventId" value={owner.eventId} />
  ) : (
    <input type="hidden" name="companyId" value={owner.companyId} />
  );

function LocationFields({ state, prefix }: { state: FormState; prefix: string }) {
  const errors = state.fieldErrors;
  const field = (name: string, label: string) => (
    <Field
      name={name}
      label={label}
      autoComplete="off"
      error={errors[name]}
      defaultValue={state.values[name]}
      idPrefix={prefix}
    />
  );
  return (
    <div className={styles.grid}>
      {field('city', 'City')}
      <SelectField
        name="region"
        label="State or province"
        error={errors.region}
        defaultValue={state.values.region ?? ''}
        prefix={prefix}
      >
        <RegionOptions />
      </SelectField>
      <SelectField
        name="country"
        label="Country"
        error={errors.country}
        defaultValue={state.values.country ?? 'US'}
        prefix={prefix}
      >
        <option value="US">United States</option>
        <option value="CA">Canada</option>
      </SelectField>
      {field('taxRate', 'Tax rate (%)')}
      {field('lat', 'Latitude')}
      {field('lon', 'Longitude')}
    </div>
  );
}

export function AddLocationForm({ owner, label = 'Add a location' }: { owner: Owner; label?: string }) {
  const [state, action] = useActionState('eventId' in owner ? addLocationAction : addCompanyLocationAction, emptyForm);
  return (
    <form action={action} className={formStyles.form} noValidate aria-label={label}>
      <FormMessages error={state.error} success={state.success} />
      {hidden(owner)}
      <LocationFields state={state} prefix={'eventId' in owner ? 'location' : 'company-location'} />
      <div>
        <SubmitButton pendingLabel="Adding…">Add location</SubmitButton>
      </div>
    </form>
  );
}

export const locationName = (l: SellerEventLocation) => `${l.city}, ${l.region}, ${l.country}`;

/** Copies one of the company's saved locations into the event (its own copy: later edits of the list leave it). */
export function CopyLocationForm({
  eventId,
  companyId,
  locations,
}: {
  eventId: string;
  companyId: string;
  locations: SellerEventLocation[];
}) {
  const [state, action] = useActionState(copyCompanyLocationAction, emptyForm);
  return (
    <form action={action} className={formStyles.form} noValidate aria-label="Add one of your company's locations">
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="companyId" value={companyId} />
      <SelectField
        name="companyLocationId"
        label="One of your company's locations"
        error={state.fieldErrors.companyLocationId}
        defaultValue=""
        prefix="copy-location"
      >
        <option value="">Choose a location</option>
        {locations.map((l) => (
          <option key={l._id} value={l._id}>
            {locationName(l)} · tax {l.taxRate}%
          </option>
        ))}
      </SelectField>
      <div>
        <SubmitButton pendingLabel="Adding…">Add this location</SubmitButton>
      </div>
    </form>
  );
}

export function RemoveLocationForm({ owner, location }: { owner: Owner; location: SellerEventLocation }) {
  const [state, action] = useActionState(
    'eventId' in owner ? removeLocationAction : removeCompanyLocationAction,
    emptyForm,
  );
  const name = locationName(location);
  return (
    <form action={action} className={styles.actions}>
      {hidden(owner)}
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
