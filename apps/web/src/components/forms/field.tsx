import styles from './forms.module.css';

interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'datetime-local' | 'number' | 'date';
  /** The on-screen keyboard's kind, for a text field that takes a number ("decimal" for money). */
  inputMode?: 'decimal' | 'numeric';
  autoComplete: string;
  error?: string | undefined;
  hint?: string;
  defaultValue?: string | undefined;
  required?: boolean;
  maxLength?: number;
  /** Makes ids unique when two forms on one page have a field of the same name. */
  idPrefix?: string;
}

/** A labelled input whose error is announced with it (aria-describedby) and marked invalid. */
export function Field({
  name,
  label,
  type = 'text',
  inputMode,
  autoComplete,
  error,
  hint,
  defaultValue,
  required,
  maxLength,
  idPrefix = 'field',
}: FieldProps) {
  const id = `${idPrefix}-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        className={styles.input}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled multi-line text box, with its error announced and marked like `Field`'s. */
export function TextAreaField({
  name,
  label,
  error,
  defaultValue,
  maxLength,
  rows = 5,
  idPrefix = 'field',
}: {
  name: string;
  label: string;
  error?: string | undefined;
  defaultValue?: string | undefined;
  maxLength?: number;
  rows?: number;
  idPrefix?: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className={styles.input}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error, the element its control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.fieldError}>
      {error}
    </p>
  ) : null;
}
