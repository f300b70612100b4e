'use client';

import { useState } from 'react';
import formStyles from '../../../components/forms/forms.module.css';
import type { Row } from '../../../lib/seller-events/event-form';
import styles from './events.module.css';

interface RowsFieldProps {
  /** e.g. 'terms': the error keys are `${kind}.${index}`. */
  kind: string;
  legend: string;
  names: { a: string; b: string };
  labels: { a: string; b: string };
  addLabel: string;
  /** The row's accessible name, from its values and position. */
  rowName: (row: Row, index: number) => string;
  initial: Row[];
  errors: Record<string, string>;
  multiline?: boolean;
}

/** Rows of two inputs (terms: type and text) with add and remove; attachments are uploads (attachments-field.tsx). */
export function RowsField({
  kind,
  legend,
  names,
  labels,
  addLabel,
  rowName,
  initial,
  errors,
  multiline,
}: RowsFieldProps) {
  const [rows, setRows] = useState<(Row & { key: number })[]>(() => initial.map((r, key) => ({ ...r, key })));
  const [next, setNext] = useState(initial.length);
  const set = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    setRows((all) => [...all, { a: '', b: '', key: next }]);
    setNext(next + 1);
  };
  return (
    <fieldset className={styles.section}>
      <legend>{legend}</legend>
      {errors[kind] ? <p className={formStyles.fieldError}>{errors[kind]}</p> : null}
      {rows.map((row, index) => {
        const id = `${kind}-${row.key}`;
        const error = errors[`${kind}.${index}`];
        const invalid = {
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        // Focus moves to the next row, or to the add button, so it never drops to the page.
        const after = rows[index + 1];
        const remove = () => {
          setRows((all) => all.filter((r) => r.key !== row.key));
          document.getElementById(after ? `${kind}-${after.key}-a` : `${kind}-add`)?.focus();
        };
        return (
          <fieldset key={row.key} className={styles.row}>
            <legend className={formStyles.label}>{rowName(row, index)}</legend>
            <label htmlFor={`${id}-a`} className={formStyles.label}>
              {labels.a}
            </label>
            <input
              id={`${id}-a`}
              name={names.a}
              className={formStyles.input}
              value={row.a}
              onChange={(e) => set(row.key, { a: e.target.value })}
              {...invalid}
            />
            <label htmlFor={`${id}-b`} className={formStyles.label}>
              {labels.b}
            </label>
            {multiline ? (
              <textarea
                id={`${id}-b`}
                name={names.b}
                rows={3}
                className={formStyles.input}
                value={row.b}
                onChange={(e) => set(row.key, { b: e.target.value })}
                {...invalid}
              />
            ) : (
              <input
                id={`${id}-b`}
                name={names.b}
                className={formStyles.input}
                value={row.b}
                onChange={(e) => set(row.key, { b: e.target.value })}
                {...invalid}
              />
            )}
            {error ? (
              <p id={`${id}-error`} className={formStyles.fieldError}>
                {error}
              </p>
            ) : null}
            <div>
              <button type="button" className="button" aria-label={`Remove ${rowName(row, index)}`} onClick={remove}>
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <button id={`${kind}-add`} type="button" className="button" onClick={add}>
          {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
