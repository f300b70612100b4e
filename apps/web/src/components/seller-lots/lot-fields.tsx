import type { UseFormRegister } from 'react-hook-form';
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
  /** react-hook-form's registration (decision 0055): the control stays uncontrolled and posts as before. */
  register?: UseFormRegister<Record<string, unknown>> | undefined;
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
        {...p.register?.(p.name)}
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
        {...p.register?.(p.name)}
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

export function LotTextArea(p: LotFieldProps & { rows: number }) {
  const id = `lot-${p.name}`;
  const error = p.errors[p.name];
  return (
    <Frame id={id} p={p}>
      <textarea
        id={id}
        {...p.register?.(p.name)}
        name={p.name}
        rows={p.rows}
        className={forms.input}
        defaultValue={p.values[p.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, [p.hint && 'hint', error && 'error'])}
      />
    </Frame>
  );
}

export function LotCheckbox({
  name,
  label,
  values,
  errors,
  register,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  register?: UseFormRegister<Record<string, unknown>> | undefined;
}) {
  const id = `lot-${name}`;
  const error = errors[name];
  return (
    <div>
      <label className={forms.choice}>
        <input
          type="checkbox"
          id={id}
          {...register?.(name)}
          name={name}
          defaultChecked={values[name] === 'on'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />{' '}
        {label}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The form's overall error: the API's, plus every field error no control of
 * the form shows (e.g. `lot`, or a publish check's `lots[12].photos`), so none is lost.
 */
export function formErrorOf(
  error: string | undefined,
  fieldErrors: Record<string, string>,
  controls: ReadonlySet<string>,
): string | undefined {
  const orphans = Object.entries(fieldErrors)
    .filter(([field]) => !controls.has(field))
    .map(([, message]) => message);
  const all = [...(error ? [error] : []), ...orphans.filter((m) => m !== error)];
  return all.length > 0 ? all.join(' ') : undefined;
}
