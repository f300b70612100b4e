'use server';

import { createEventBody, type SellerEvent, sellerEventPath, updateEventBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { SELLER_EVENTS_PATH } from '../routes';
import { bodyOf, type EventFormValues, fieldKey, formValuesOf } from './event-form';

/**
 * The event form's server actions (issue 16). Like the account forms they
 * check with the contract's schema first (messages beside the fields without a
 * round trip), then let the API decide; its 400s and 409s (a locked field) are
 * shown beside the field they name.
 */

export interface EventFormState {
  error?: string;
  success?: string;
  fieldErrors: Record<string, string>;
  /** What the seller typed, to refill the form after a refusal. */
  values?: EventFormValues;
}

export interface Problem {
  code: string;
  message: string;
  field?: string;
}

/** The first message per form control; problems without a field go to the form's alert. */
function refused(errors: Problem[], values: EventFormValues): EventFormState {
  const state: EventFormState = { fieldErrors: {}, values };
  for (const e of errors) {
    if (e.field) state.fieldErrors[fieldKey(e.field)] ??= e.message;
    else state.error ??= e.message;
  }
  state.error ??= 'Some fields need your attention.';
  return state;
}

export async function saveEventAction(_: EventFormState, form: FormData): Promise<EventFormState> {
  const values = formValuesOf(form);
  const eventId = form.get('eventId');
  const companyId = form.get('companyId');
  const body = bodyOf(values);
  const parsed =
    typeof eventId === 'string' && eventId !== ''
      ? updateEventBody.safeParse(body)
      : createEventBody.safeParse({ companyId, ...body });
  if (!parsed.success) {
    return refused(
      parsed.error.issues.map((i) => ({ code: 'VALIDATION_FAILED', message: i.message, field: i.path.join('.') })),
      values,
    );
  }
  if (typeof eventId === 'string' && eventId !== '') {
    const answer = await callApi<SellerEvent>(
      'PUT',
      `/marketplace-api/seller/events/${encodeURIComponent(eventId)}`,
      parsed.data,
    );
    if (!answer.ok) return refused(answer.errors, values);
    revalidatePath(sellerEventPath(eventId));
    return { fieldErrors: {}, success: 'Event saved.' };
  }
  const answer = await callApi<SellerEvent>('POST', '/marketplace-api/seller/events', parsed.data);
  if (!answer.ok || !answer.data) return refused(answer.errors, values);
  revalidatePath(SELLER_EVENTS_PATH);
  redirect(sellerEventPath(answer.data._id));
}

export interface PublishState {
  error?: string;
  success?: string;
  /** Every publish check that failed, as the API listed them. */
  problems: string[];
}

export async function publishEventAction(_: PublishState, form: FormData): Promise<PublishState> {
  const eventId = String(form.get('eventId') ?? '');
  const as = form.get('as') === 'view-only' ? 'view-only' : 'published';
  const answer = await callApi<SellerEvent>(
    'POST',
    `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/publish`,
    { as },
  );
  if (!answer.ok) {
    if (answer.error?.code === 'PUBLISH_CHECKS_FAILED') return { problems: answer.errors.map((e) => e.message) };
    return { problems: [], error: answer.error?.message ?? 'The event could not be published. Try again.' };
  }
  revalidatePath(sellerEventPath(eventId));
  return {
    problems: [],
    success: as === 'view-only' ? 'The event is published as view-only.' : 'The event is published.',
  };
}
