'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../../components/forms/form-messages';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm } from '../../../../lib/auth/form-state';
import { finalizeEventAction } from '../../../../lib/staff/event-actions';

/** Staff's Finalize (decision 0081): the seller console's finalization, for an event whose last lot has closed. */
export function FinalizeEventForm({ eventId }: { eventId: string }) {
  const [state, action] = useActionState(finalizeEventAction.bind(null, eventId), emptyForm);
  return (
    <form action={action}>
      <SubmitButton pendingLabel="Finalizing…">Finalize the event</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
