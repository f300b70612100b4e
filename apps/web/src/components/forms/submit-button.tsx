'use client';

import { useFormStatus } from 'react-dom';

/** A real submit button that says it is working while the form is sent. */
export function SubmitButton({ children, pendingLabel }: { children: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className="button" aria-disabled={pending} disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}
