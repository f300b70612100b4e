'use server';

import { staffPauseEventBody, staffWithdrawLotBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { staffEventPath } from './events';

/** The staff event page's actions (decision 0081). The API checks who may and what the lot allows. */

/** Withdraws one lot with the reason typed in its dialog; the reason is told to its bidders and shown on its page. */
export async function withdrawLotAction(
  target: { eventId: string; lotId: string },
  _: FormState,
  form: FormData,
): Promise<FormState> {
  const values = formValues(form, ['reason']);
  const parsed = staffWithdrawLotBody.safeParse({ reason: form.get('reason') ?? '' });
  if (!parsed.success) return { ...emptyForm, values, fieldErrors: fieldErrorsOf(parsed.error) };
  const answer = await callApi(
    'POST',
    `/marketplace-api/staff/lots/${encodeURIComponent(target.lotId)}/withdraw`,
    parsed.data,
  );
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'The lot was not withdrawn.' };
  revalidatePath(staffEventPath(target.eventId));
  return { ...emptyForm, success: 'Lot withdrawn; its bidders and watchers are being told.' };
}

/** Finalizes the event once its last lot has closed (the seller console's rule); the API says which lot has not. */
export async function finalizeEventAction(eventId: string, _: FormState): Promise<FormState> {
  const answer = await callApi('POST', `/marketplace-api/staff/events/${encodeURIComponent(eventId)}/finalize`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The event was not finalized.' };
  revalidatePath(staffEventPath(eventId));
  return { ...emptyForm, success: 'Event finalized; its deposits are being settled.' };
}

/** Pauses the event with the reason typed (decision 0087): every buyer action on it is refused until it resumes. */
export async function pauseEventAction(eventId: string, _: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['reason']);
  const parsed = staffPauseEventBody.safeParse({ reason: form.get('reason') ?? '' });
  if (!parsed.success) return { ...emptyForm, values, fieldErrors: fieldErrorsOf(parsed.error) };
  const answer = await callApi(
    'POST',
    `/marketplace-api/staff/events/${encodeURIComponent(eventId)}/pause`,
    parsed.data,
  );
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'The event was not paused.' };
  revalidatePath(staffEventPath(eventId));
  return { ...emptyForm, success: 'Event paused; its bidders and watchers are being told.' };
}

/** Resumes a paused event: its open lots end later by the time it was paused. */
export async function resumeEventAction(eventId: string, _: FormState): Promise<FormState> {
  const answer = await callApi('POST', `/marketplace-api/staff/events/${encodeURIComponent(eventId)}/resume`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The event was not resumed.' };
  revalidatePath(staffEventPath(eventId));
  return { ...emptyForm, success: 'Event resumed; its lots end later by the paused time.' };
}
