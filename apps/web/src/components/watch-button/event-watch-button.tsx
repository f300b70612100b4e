'use client';

import { useActionState, useCallback, useState } from 'react';
import { toggleEventWatchAction } from '../../lib/watchlist/watchlist-actions';
import { SignInPrompt } from '../dialog/dialog';
import { FormMessages } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';

const label = (watching: boolean) => (watching ? 'Remove from Watchlist' : 'Add to Watchlist');

/**
 * Spec §2 "Event page", §4, §6: toggles the event on the user's watchlist (a
 * form, so it works without JavaScript). For a visitor it is inert: pressing
 * it only shows the sign-in prompt.
 */
export function EventWatchButton({
  eventId,
  wishlistId,
  signedIn,
  pagePath,
}: {
  eventId: string;
  wishlistId: string | null;
  signedIn: boolean;
  pagePath: string;
}) {
  const [state, action] = useActionState(toggleEventWatchAction, { wishlistId });
  const [prompt, setPrompt] = useState(false);
  const close = useCallback(() => setPrompt(false), []);
  if (!signedIn) {
    return (
      <>
        <button type="button" className="button button-secondary" onClick={() => setPrompt(true)}>
          {label(false)}
        </button>
        <SignInPrompt open={prompt} onClose={close} text="Sign in to use your watchlist." nextPath={pagePath} />
      </>
    );
  }
  const watching = state.wishlistId !== null;
  return (
    <form action={action}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="wishlistId" value={state.wishlistId ?? ''} />
      <SubmitButton pendingLabel={watching ? 'Removing…' : 'Adding…'}>{label(watching)}</SubmitButton>
      <FormMessages error={state.error} />
    </form>
  );
}
