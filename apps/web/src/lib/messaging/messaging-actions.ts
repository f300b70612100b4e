'use server';

import { messageBody, type SentMessageResponse, startConversationBody } from '@lotline/contracts';
import { refresh, revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { MESSAGES_PATHS, messageThreadPath } from '../routes';
import { termsScope } from './contact-gate.server';

/**
 * The Contact Seller flow's and the threads' server actions. The user id is
 * the session's, never the form's; the API applies the contact rule and the
 * participant check. They work without JavaScript where a form posts them.
 */

export interface MessageFormState extends FormState {
  /** Where the conversation can be read once a message is sent. */
  threadHref?: string;
}

const SESSION_ENDED = 'Your session has ended. Sign in again to send a message.';
const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === 'string' ? v : undefined;
};

/** Agrees to an event's bidder terms; with no event (a lot outside any event), to the site-wide terms. */
export async function agreeToEventTermsAction(eventId: string | null): Promise<{ ok: boolean; error?: string }> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: 'Your session has ended. Sign in again to agree to the terms.' };
  const answer = await callApi(
    'POST',
    `/marketplace-api/users/${encodeURIComponent(user.id)}/bidder-terms${termsScope(eventId)}`,
  );
  return answer.ok ? { ok: true } : { ok: false, error: answer.error?.message };
}

export async function contactSellerAction(_: MessageFormState, form: FormData): Promise<MessageFormState> {
  const values = formValues(form, ['body']);
  const parsed = startConversationBody.safeParse({
    eventId: text(form, 'eventId'),
    eventLotId: text(form, 'eventLotId') || undefined,
    body: text(form, 'body'),
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const user = await getCurrentUser();
  if (!user) return { ...emptyForm, values, error: SESSION_ENDED };
  const answer = await callApi<SentMessageResponse>(
    'POST',
    `/marketplace-api/users/${encodeURIComponent(user.id)}/conversations`,
    parsed.data,
  );
  if (!answer.ok || !answer.data) return { ...emptyForm, values, error: answer.error?.message };
  return {
    ...emptyForm,
    success: 'Your message was sent to the seller.',
    threadHref: messageThreadPath('buyer', answer.data.conversationId),
  };
}

export async function replyAction(_: MessageFormState, form: FormData): Promise<MessageFormState> {
  const values = formValues(form, ['body']);
  const conversationId = text(form, 'conversationId') ?? '';
  const parsed = messageBody.safeParse({ body: text(form, 'body') });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi(
    'POST',
    `/marketplace-api/conversations/${encodeURIComponent(conversationId)}/messages`,
    parsed.data,
  );
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message };
  revalidatePath(MESSAGES_PATHS.buyer, 'layout');
  revalidatePath(MESSAGES_PATHS.seller, 'layout');
  return { ...emptyForm, success: 'Your message was sent.' };
}

/**
 * Marks a thread read up to the newest message the person was shown (the
 * thread page calls this once it is open in the browser), then refreshes the
 * page so the header's unread count follows.
 */
export async function markConversationReadAction(conversationId: string, messageId: string): Promise<void> {
  const answer = await callApi('POST', `/marketplace-api/conversations/${encodeURIComponent(conversationId)}/read`, {
    messageId,
  });
  if (answer.ok) refresh();
}

export interface TermsFormState {
  agreed: boolean;
  error?: string;
}

/**
 * The lot page's "I agree" form (a form, so it works before the page's
 * JavaScript has loaded): the event's terms, or the site-wide ones when the
 * form names no event.
 */
export async function agreeToTermsFormAction(_: TermsFormState, form: FormData): Promise<TermsFormState> {
  const eventId = text(form, 'eventId') || null;
  const result = await agreeToEventTermsAction(eventId);
  return result.ok
    ? { agreed: true }
    : { agreed: false, error: result.error ?? 'Your agreement could not be recorded. Try again.' };
}
