'use client';

import type { FeatureFlag } from '@lotline/contracts';
import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { switchFlagAction } from '../../../lib/orders/actions';

/** One flag's switch: a button that turns it to the other state (PUT feature-flags/{key}). */
export function FlagSwitch({ flag, enabled }: { flag: FeatureFlag; enabled: boolean }) {
  const [state, action] = useActionState(switchFlagAction, emptyForm);
  return (
    <form action={action}>
      <input type="hidden" name="key" value={flag} />
      <input type="hidden" name="enabled" value={enabled ? 'off' : 'on'} />
      <SubmitButton pendingLabel="Switching…" label={`Turn ${flag} ${enabled ? 'off' : 'on'}`}>
        {enabled ? 'Turn off' : 'Turn on'}
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
