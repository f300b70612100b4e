'use server';

import {
  changeEmailBody,
  changePasswordBody,
  passwordResetBody,
  passwordResetRequestBody,
  signInBody,
  signUpBody,
} from '@lotline/contracts';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { LOTS_PATH, SIGN_IN_AFTER_RESET, SIGN_IN_AFTER_SIGN_UP, signInAfterSignUpHref } from '../routes';
import { callApi } from './api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from './form-state';
import { safeNextPath } from './next-path';

/**
 * The account forms' server actions. Each validates with the same contract
 * schema the API uses (for messages without a round trip), then calls the API,
 * which decides. They work without JavaScript: the form posts, the page comes
 * back with the state.
 */

type Parsed<S extends z.ZodType> = { ok: true; data: z.output<S> } | { ok: false; state: FormState };

function parse<S extends z.ZodType>(schema: S, input: unknown, values: Record<string, string>): Parsed<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, state: { fieldErrors: fieldErrorsOf(parsed.error), values } };
}

/** The API's refusal as form state: a field's message next to the field, anything else on top. */
function refused(
  answer: { errors: { code: string; message: string; field?: string }[] },
  values: Record<string, string>,
) {
  const state: FormState = { fieldErrors: {}, values };
  for (const e of answer.errors) {
    if (e.field && e.code !== 'RATE_LIMITED') state.fieldErrors[e.field] ??= e.message;
    else state.error ??= e.message;
  }
  return state;
}

/** Where sign-up leads: the sign-in page with its "check your e-mail" note, then the account's welcome. */

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === 'string' ? v : undefined;
};

export async function signInAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['email', 'next']);
  const input = parse(signInBody, { email: text(form, 'email'), password: text(form, 'password') }, values);
  if (!input.ok) return input.state;
  const answer = await callApi('POST', '/marketplace-api/auth/sign-in', input.data);
  if (!answer.ok) return refused(answer, values);
  redirect(safeNextPath(text(form, 'next')));
}

export async function signUpAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['email', 'name', 'companyName', 'buyerPersona']);
  const input = parse(
    signUpBody,
    {
      email: text(form, 'email'),
      password: text(form, 'password'),
      name: text(form, 'name'),
      companyName: text(form, 'companyName') || undefined,
      buyerPersona: text(form, 'buyerPersona') || undefined,
    },
    values,
  );
  if (!input.ok) return input.state;
  const answer = await callApi('POST', '/marketplace-api/auth/sign-up', input.data);
  if (!answer.ok) return refused(answer, values);
  // The API answers the same for a new and a taken address and signs nobody in (decision 0026):
  // the page says to check the mail, and signing in leads to the new account's welcome, or back to the
  // page the sign-up came from (`next`, an invitation link: decision 0068).
  const next = safeNextPath(text(form, 'next'), '');
  redirect(next ? signInAfterSignUpHref(next) : SIGN_IN_AFTER_SIGN_UP);
}

export async function signOutAction(): Promise<void> {
  await callApi('POST', '/marketplace-api/auth/sign-out');
  redirect(LOTS_PATH);
}

export async function activateAction(_: FormState, form: FormData): Promise<FormState> {
  const answer = await callApi<{ outcome: 'activated' | 'email-changed'; email: string }>(
    'POST',
    '/marketplace-api/auth/activate',
    { token: text(form, 'token') ?? '' },
  );
  if (!answer.ok || !answer.data) return { ...refused(answer, {}), error: answer.error?.message };
  return {
    ...emptyForm,
    success:
      answer.data.outcome === 'email-changed'
        ? `Your e-mail address is now ${answer.data.email}.`
        : `Your account is activated. Thank you for confirming ${answer.data.email}.`,
  };
}

export async function resendActivationAction(_: FormState): Promise<FormState> {
  const answer = await callApi('POST', '/marketplace-api/auth/activation-email');
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  return { ...emptyForm, success: 'We sent you a new activation link. It is valid for 24 hours.' };
}

export async function requestResetAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['email']);
  const input = parse(passwordResetRequestBody, { email: text(form, 'email') }, values);
  if (!input.ok) return input.state;
  const answer = await callApi('POST', '/marketplace-api/auth/password-reset', input.data);
  if (!answer.ok) return refused(answer, values);
  return {
    ...emptyForm,
    success: `If ${input.data.email} has a Lotline account, we sent it a link to choose a new password. The link is valid for 1 hour.`,
  };
}

export async function resetPasswordAction(_: FormState, form: FormData): Promise<FormState> {
  const input = parse(passwordResetBody, { token: text(form, 'token'), password: text(form, 'password') }, {});
  if (!input.ok) return input.state;
  const answer = await callApi('POST', '/marketplace-api/auth/password-reset/confirm', input.data);
  if (!answer.ok)
    return { ...refused(answer, {}), error: answer.error?.field === 'password' ? undefined : answer.error?.message };
  redirect(SIGN_IN_AFTER_RESET);
}

export async function changePasswordAction(_: FormState, form: FormData): Promise<FormState> {
  const input = parse(
    changePasswordBody,
    { currentPassword: text(form, 'currentPassword'), newPassword: text(form, 'newPassword') },
    {},
  );
  if (!input.ok) return input.state;
  const answer = await callApi('POST', '/marketplace-api/auth/change-password', input.data);
  if (!answer.ok) return refused(answer, {});
  return { ...emptyForm, success: 'Your password is changed. Other devices were signed out.' };
}

export async function changeEmailAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['newEmail']);
  const input = parse(
    changeEmailBody,
    { newEmail: text(form, 'newEmail'), currentPassword: text(form, 'currentPassword') },
    values,
  );
  if (!input.ok) return input.state;
  const answer = await callApi<{ email: string; pendingEmail: string | null }>(
    'POST',
    '/marketplace-api/auth/change-email',
    input.data,
  );
  if (!answer.ok || !answer.data) return refused(answer, values);
  return {
    ...emptyForm,
    success: answer.data.pendingEmail
      ? `We sent a link to ${answer.data.pendingEmail}. Your e-mail address changes when you follow it.`
      : `Your e-mail address is now ${answer.data.email}. We sent an activation link to it.`,
  };
}
