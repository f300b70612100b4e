'use client';

import { LOT_STEPS } from '../../lib/seller-lots/lot-steps';
import styles from './seller-lots.module.css';

/** Where the seller is among the form's steps; a step with an error says so, and any step can be opened. */
export function LotSteps({
  step,
  errors,
  onStep,
}: {
  step: number;
  errors: Record<string, string>;
  onStep: (step: number) => void;
}) {
  return (
    <nav aria-label="Steps of the lot form">
      <ol className={styles.steps}>
        {LOT_STEPS.map((s, i) => {
          const failing = s.fields.some((f) => f in errors);
          return (
            <li key={s.title}>
              <button
                type="button"
                className={i === step ? 'button' : 'button button-secondary'}
                aria-current={i === step ? 'step' : undefined}
                onClick={() => onStep(i)}
              >
                {i + 1}. {s.title}
                {failing ? ' (has errors)' : ''}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** "Back" and "Next" between the steps, and the submit button (on every step: an edit can be saved from any). */
export function LotStepButtons({
  enhanced,
  step,
  pending,
  submit,
  onBack,
  onNext,
}: {
  enhanced: boolean;
  step: number;
  pending: boolean;
  submit: string;
  onBack: () => void;
  onNext: () => void;
}) {
  const last = LOT_STEPS.length - 1;
  return (
    <div className={styles.actions}>
      {enhanced && step > 0 ? (
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back
        </button>
      ) : null}
      {enhanced && step < last ? (
        <button type="button" className="button button-secondary" onClick={onNext}>
          Next
        </button>
      ) : null}
      <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
        {pending ? 'Saving…' : submit}
      </button>
    </div>
  );
}
