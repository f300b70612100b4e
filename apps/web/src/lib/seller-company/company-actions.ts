'use server';

import { companyProfileBody, INVITATION_DAYS, inviteMemberBody, memberRoleBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { SELLER_COMPANY_PATH, sellerCompanyHref } from '../routes';
import { companyApiPath as companyPath } from './paths';

/**
 * The seller console's company page (issue 16, decision 0048): profile,
 * members, invitations. Each action checks the input with the contract's
 * schema, then asks the API, which decides who may do what (owner or staff).
 */

/** The API's field names as the form's. */
const FORM_FIELD: Record<string, string> = { logoKey: 'logo' };

function refused(answer: { error?: { message: string; field?: string } }, values: Record<string, string>): FormState {
  const field = answer.error?.field;
  if (field) return { fieldErrors: { [FORM_FIELD[field] ?? field]: answer.error?.message ?? '' }, values };
  return { ...emptyForm, values, error: answer.error?.message ?? 'That did not work. Try again.' };
}

/** Saves the profile; the browser has already uploaded a new logo (`logoKey`) with uploadFile. */
export async function saveCompanyProfileAction(input: {
  companyId: string;
  displayName: string;
  description: string;
  logoKey?: string | null;
}): Promise<FormState> {
  const values = { displayName: input.displayName, description: input.description };
  const body = {
    displayName: input.displayName.trim() === '' ? null : input.displayName,
    description: input.description,
    ...(input.logoKey === undefined ? {} : { logoKey: input.logoKey }),
  };
  const parsed = companyProfileBody.safeParse(body);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('PUT', companyPath(input.companyId), parsed.data);
  if (!answer.ok) return refused(answer, values);
  revalidatePath(SELLER_COMPANY_PATH);
  return { ...emptyForm, values, success: 'Profile saved. Buyers see it on your seller page now.' };
}

/**
 * Invites an address (owners only; decision 0068): the person joins only by
 * accepting, and the answer is the same whether or not the address has an
 * account. Works without JavaScript.
 */
export async function inviteMemberAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['email', 'role']);
  const companyId = String(form.get('companyId') ?? '');
  const parsed = inviteMemberBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('POST', `${companyPath(companyId)}/invitations`, parsed.data);
  if (!answer.ok) return refused(answer, values);
  revalidatePath(SELLER_COMPANY_PATH);
  const done = `Invitation sent to ${parsed.data.email}. They join once they accept it; the link works for ${INVITATION_DAYS} days.`;
  return { ...emptyForm, success: done };
}

/** Makes a member an owner or staff (owners only; the last owner stays one). Works without JavaScript. */
export async function changeRoleAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['role']);
  const companyId = String(form.get('companyId') ?? '');
  const memberId = String(form.get('memberId') ?? '');
  const parsed = memberRoleBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const path = `${companyPath(companyId)}/members/${encodeURIComponent(memberId)}`;
  const answer = await callApi('PUT', path, parsed.data);
  if (!answer.ok) return refused(answer, values);
  revalidatePath(SELLER_COMPANY_PATH);
  return { ...emptyForm, values, success: parsed.data.role === 'owner' ? 'Now an owner.' : 'Now staff.' };
}

/** Removes a member or revokes an invitation (owners only); the message is shown in the confirmation. */
export async function removeFromCompanyAction(input: {
  companyId: string;
  kind: 'member' | 'invitation';
  id: string;
}): Promise<{ ok: boolean; message?: string }> {
  const what = input.kind === 'member' ? 'members' : 'invitations';
  const answer = await callApi('DELETE', `${companyPath(input.companyId)}/${what}/${encodeURIComponent(input.id)}`);
  if (!answer.ok) return { ok: false, message: answer.error?.message ?? 'That did not work. Try again.' };
  revalidatePath(SELLER_COMPANY_PATH);
  return { ok: true };
}

/**
 * Answers an invitation (the form's button `answer`: accept or decline). Accepting
 * joins the company and opens its page in the console; declining ends the
 * invitation and says so. Works without JavaScript.
 */
export async function answerInvitationAction(_: FormState, form: FormData): Promise<FormState> {
  const decline = form.get('answer') === 'decline';
  // In the body, not the path: request logs keep paths.
  const answer = await callApi<{ company: { _id: string } }>(
    'POST',
    `/marketplace-api/seller/invitations/${decline ? 'decline' : 'accept'}`,
    { token: String(form.get('token') ?? '') },
  );
  // The form has no field to mark (the token is hidden): any refusal is the form's message.
  if (!answer.ok || !answer.data)
    return { ...emptyForm, error: answer.error?.message ?? 'That did not work. Try again.' };
  if (decline) return { ...emptyForm, success: 'You declined the invitation. You did not join the company.' };
  redirect(sellerCompanyHref(answer.data.company._id));
}
