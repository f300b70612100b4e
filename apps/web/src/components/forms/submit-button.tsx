'use client';

import { useFormStatus } from 'react-dom';

/** A real submit button that says it is working while the form is sent. */
export function SubmitButton({
  children,
  pendingLabel,
  label,
}: {
  children: string;
  pendingLabel: string;
  /** The accessible name, when the visible text alone would be ambiguous (several "Remove" buttons). */
  label?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className="button" aria-disabled={pending} disabled={pending} aria-label={label}>
      {pending ? pendingLabel : children}
    </button>
  );
}
