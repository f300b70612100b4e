import { FieldError } from '../forms/field';
import forms from '../forms/forms.module.css';
import styles from './seller-lots.module.css';

/** One lot-form control: labelled, its error announced with it, disabled with the reason when locked. */
export interface LotFieldProps {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  locks: Record<string, string>;
  hint?: string;
}

const describedBy = (id: string, parts: (string | false | undefined)[]) =>
  parts
    .filter(Boolean)
    .map((p) => `${id}-${p}`)
    .join(' ') || undefined;

function Frame({ id, p, children }: { id: string; p: LotFieldProps; children: React.ReactNode }) {
  const lock = p.locks[p.name];
  return (
    <div className={forms.field}>
      <label htmlFor={id} className={forms.label}>
        {p.label}
      </label>
      {p.hint ? (
        <p id={`${id}-hint`} className={forms.hint}>
          {p.hint}
        </p>
      ) : null}
      {children}
      {lock ? (
        <p id={`${id}-locked`} className={styles.locked}>
          {lock}
        </p>
      ) : null}
      <FieldError id={id} error={p.errors[p.name]} />
    </div>
  );
}

export function LotInput(p: LotFieldProps & { inputMode?: 'decimal' | 'numeric' }) {
  const id = `lot-${p.name}`;
  const error = p.errors[p.name];
  return (
    <Frame id={id} p={p}>
      <input
        id={id}
        name={p.name}
        className={forms.input}
        defaultValue={p.values[p.name] ?? ''}
        inputMode={p.inputMode}
        disabled={Boolean(p.locks[p.name])}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, [p.hint && 'hint', p.locks[p.name] && 'locked', error && 'error'])}
      />
      {/* A disabled control is not sent: its stored value goes along unchanged. */}
      {p.locks[p.name] ? <input type="hidden" name={p.name} value={p.values[p.name] ?? ''} /> : null}
    </Frame>
  );
}

export function LotSelect(p: LotFieldProps & { options: readonly (string | [string, string])[]; empty?: string }) {
  const id = `lot-${p.name}`;
  const error = p.errors[p.name];
  const value = p.values[p.name] ?? '';
  return (
    <Frame id={id} p={p}>
      <select
        key={value}
        id={id}
        name={p.name}
        className={forms.input}
        defaultValue={value}
        disabled={Boolean(p.locks[p.name])}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, [p.hint && 'hint', p.locks[p.name] && 'locked', error && 'error'])}
      >
        {p.empty !== undefined ? <option value="">{p.empty}</option> : null}
        {p.options.map((o) => {
          const [v, label] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={v} value={v}>
              {label}
            </option>
          );
        })}
      </select>
      {p.locks[p.name] ? <input type="hidden" name={p.name} value={value} /> : null}
    </Frame>
  );
}

export function LotCheckbox({ name, label, values }: { name: string; label: string; values: Record<string, string> }) {
  return (
    <label className={forms.choice}>
      <input type="checkbox" name={name} defaultChecked={values[name] === 'on'} /> {label}
    </label>
  );
}
