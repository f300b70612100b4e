'use client';

import type { Address } from '@lotline/contracts';
import { useActionState } from 'react';
import { Field } from '../../components/forms/field';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { RegionOptions, SelectField } from '../../components/forms/select-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { addAddressAction, deleteAddressAction, updateAddressAction } from '../../lib/account/address-actions';
import { emptyForm } from '../../lib/auth/form-state';

/** Adds an address, or edits one when `address` is given. Works without JavaScript. */
export function AddressForm({ address }: { address?: Address }) {
  const [state, action] = useActionState(address ? updateAddressAction : addAddressAction, emptyForm);
  const prefix = address ? `address-${address.id}` : 'new-address';
  // After a failed submit, what the person typed; else the stored address (or blanks).
  const value = (key: keyof Address) => state.values[key] ?? (address ? String(address[key]) : undefined);
  const errors = state.fieldErrors;
  const type = value('type') ?? 'billing';
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
      <fieldset
        key={type}
        className={styles.fieldset}
        aria-describedby={errors.type ? `${prefix}-type-error` : undefined}
      >
        <legend className={styles.label}>Address type</legend>
        {(['billing', 'shipping'] as const).map((t) => (
          <label key={t} className={styles.choice}>
            <input type="radio" name="type" value={t} defaultChecked={t === type} />
            {t === 'billing' ? 'Billing' : 'Shipping'}
          </label>
        ))}
        {errors.type ? (
          <p id={`${prefix}-type-error`} className={styles.fieldError}>
            {errors.type}
          </p>
        ) : null}
      </fieldset>
      <Field
        name="name"
        label="Full name or company"
        autoComplete="name"
        error={errors.name}
        defaultValue={value('name')}
        required
        idPrefix={prefix}
      />
      <Field
        name="line1"
        label="Street address"
        autoComplete="address-line1"
        error={errors.line1}
        defaultValue={value('line1')}
        required
        idPrefix={prefix}
      />
      <Field
        name="line2"
        label="Apartment, suite, unit (optional)"
        autoComplete="address-line2"
        error={errors.line2}
        defaultValue={value('line2')}
        idPrefix={prefix}
      />
      <Field
        name="city"
        label="City"
        autoComplete="address-level2"
        error={errors.city}
        defaultValue={value('city')}
        required
        idPrefix={prefix}
      />
      <SelectField
        name="country"
        label="Country"
        error={errors.country}
        defaultValue={value('country') ?? 'US'}
        prefix={prefix}
      >
        <option value="US">United States</option>
        <option value="CA">Canada</option>
      </SelectField>
      <SelectField
        name="region"
        label="State or province"
        error={errors.region}
        defaultValue={value('region') ?? ''}
        prefix={prefix}
      >
        <RegionOptions />
      </SelectField>
      <Field
        name="postalCode"
        label="ZIP or postal code"
        autoComplete="postal-code"
        error={errors.postalCode}
        defaultValue={value('postalCode')}
        required
        idPrefix={prefix}
      />
      <Field
        name="phone"
        label="Phone"
        autoComplete="tel"
        error={errors.phone}
        defaultValue={value('phone')}
        required
        idPrefix={prefix}
      />
      <SubmitButton pendingLabel="Saving…">{address ? 'Save address' : 'Add address'}</SubmitButton>
    </form>
  );
}

export function RemoveAddressForm({ address, label }: { address: Address; label: string }) {
  const [state, action] = useActionState(deleteAddressAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} />
      <input type="hidden" name="addressId" value={address.id} />
      <SubmitButton pendingLabel="Removing…" label={`Remove ${label}`}>
        Remove
      </SubmitButton>
    </form>
  );
}
