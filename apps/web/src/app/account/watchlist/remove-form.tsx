'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { removeWatchedAction } from '../../../lib/watchlist/watchlist-actions';

/** One entry's remove button; works without JavaScript. */
export function RemoveWatchedForm({ wishlistId, label }: { wishlistId: string; label: string }) {
  const [state, action] = useActionState(removeWatchedAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} />
      <input type="hidden" name="wishlistId" value={wishlistId} />
      <SubmitButton pendingLabel="Removing…" label={`Remove ${label} from your watchlist`}>
        Remove
      </SubmitButton>
    </form>
  );
}
