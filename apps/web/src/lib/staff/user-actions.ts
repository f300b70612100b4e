'use server';

import { staffUserPatchBody, USER_ROLES } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { STAFF_USERS_PATH, staffUserPath } from '../routes';

/** The staff user page's actions (decision 0075): disable or enable, the roles, a password reset. The API checks who may. */

function userIdOf(form: FormData) {
  const id = form.get('userId');
  return typeof id === 'string' && id !== '' ? id : null;
}

async function patchUser(form: FormData, body: unknown, success: string): Promise<FormState> {
  const id = userIdOf(form);
  if (!id) return { ...emptyForm, error: 'That user no longer exists.' };
  const parsed = staffUserPatchBody.safeParse(body);
  if (!parsed.success) return { ...emptyForm, error: parsed.error.issues[0]?.message ?? 'Not a valid change.' };
  const answer = await callApi('PATCH', `/marketplace-api/staff/users/${encodeURIComponent(id)}`, parsed.data);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The user was not changed.' };
  revalidatePath(staffUserPath(id));
  revalidatePath(STAFF_USERS_PATH);
  return { ...emptyForm, success };
}

export async function setDisabledAction(_: FormState, form: FormData): Promise<FormState> {
  const disabled = form.get('disabled') === 'on';
  return patchUser(form, { disabled }, disabled ? 'Account disabled; its sessions have ended.' : 'Account enabled.');
}

export async function setRolesAction(_: FormState, form: FormData): Promise<FormState> {
  const roles = form.getAll('roles').filter((r): r is string => typeof r === 'string');
  const known = USER_ROLES.filter((role) => roles.includes(role));
  return patchUser(form, { roles: known }, 'Roles saved.');
}

export async function sendPasswordResetAction(_: FormState, form: FormData): Promise<FormState> {
  const id = userIdOf(form);
  if (!id) return { ...emptyForm, error: 'That user no longer exists.' };
  const answer = await callApi('POST', `/marketplace-api/staff/users/${encodeURIComponent(id)}/password-reset`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The reset mail was not sent.' };
  return { ...emptyForm, success: 'A password reset link is on its way to the user.' };
}
