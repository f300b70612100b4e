import { FieldError } from '../forms/field';
import forms from '../forms/forms.module.css';

/**
 * A money field typed in whole currency units ("1,250" or "1250.00"): text
 * with a decimal keypad on phones, its hint and error tied to it.
 */
export function AmountInput({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `bid-${name}`;
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={forms.field}>
      <label htmlFor={id} className={forms.label}>
        {label}
      </label>
      <p id={`${id}-hint`} className={forms.hint}>
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={forms.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
