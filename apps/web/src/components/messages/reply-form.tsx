'use client';

import { MESSAGE_MAX_LENGTH } from '@lotline/contracts/constants';
import { useActionState } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import { replyAction } from '../../lib/messaging/messaging-actions';
import { TextAreaField } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { SubmitButton } from '../forms/submit-button';

/**
 * The reply box under a thread; works without JavaScript (the page comes back
 * with the new message). React resets the form after the action; a refused
 * reply is put back from the state's values.
 */
export function ReplyForm({ conversationId }: { conversationId: string }) {
  const [state, action] = useActionState(replyAction, emptyForm);
  return (
    <form action={action} className={forms.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="conversationId" value={conversationId} />
      <TextAreaField
        name="body"
        label="Reply"
        idPrefix="reply"
        maxLength={MESSAGE_MAX_LENGTH}
        error={state.fieldErrors.body}
        defaultValue={state.values.body}
      />
      <div>
        <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
      </div>
    </form>
  );
}
