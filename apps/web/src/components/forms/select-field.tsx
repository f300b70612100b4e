import { CANADIAN_PROVINCES, US_STATES } from '@lotline/contracts/regions';
import styles from './forms.module.css';

/** A labelled select whose error is announced with it (aria-describedby) and marked invalid. */
export function SelectField({
  name,
  label,
  error,
  defaultValue,
  prefix,
  children,
}: {
  name: string;
  label: string;
  error: string | undefined;
  defaultValue: string;
  prefix: string;
  children: React.ReactNode;
}) {
  const id = `${prefix}-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {/* Keyed by its default: React applies a select's defaultValue only when it mounts, and the
          form reset after each action restores that, so a changed default needs a new element. */}
      <select
        key={defaultValue}
        id={id}
        name={name}
        className={styles.input}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The options of a state-or-province select (spec §3 lists), after an empty "Choose…". */
export function RegionOptions() {
  return (
    <>
      <option value="">Choose…</option>
      <optgroup label="US states">
        {US_STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Canadian provinces and territories">
        {CANADIAN_PROVINCES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </optgroup>
    </>
  );
}

/** A seller company's country and optional state or province (the application to sell, staff's new company). */
export function CompanyPlaceFields({
  errors,
  values,
  prefix,
}: {
  errors: Record<string, string | undefined>;
  values: Record<string, string | undefined>;
  prefix: string;
}) {
  return (
    <>
      <SelectField
        name="country"
        label="Country"
        error={errors.country}
        defaultValue={values.country ?? 'US'}
        prefix={prefix}
      >
        <option value="US">United States</option>
        <option value="CA">Canada</option>
      </SelectField>
      <SelectField
        name="region"
        label="State or province (optional)"
        error={errors.region}
        defaultValue={values.region ?? ''}
        prefix={prefix}
      >
        <RegionOptions />
      </SelectField>
    </>
  );
}
