import type { z } from 'zod';

/** What an account form shows after a submit: a message, errors per field, and the values to refill. */
export interface FormState {
  /** A problem with the whole form (wrong password, expired link, too many attempts). */
  error?: string;
  /** A confirmation shown in place (e.g. "we sent you a link"). */
  success?: string;
  fieldErrors: Record<string, string>;
  /** What the person typed (never passwords), so a failed submit does not empty the form. */
  values: Record<string, string>;
}

export const emptyForm: FormState = { fieldErrors: {}, values: {} };

/** The first message per field of a failed zod parse. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The form's text fields; passwords are left out so they are never echoed back into the page. */
export function formValues(form: FormData, keep: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keep) {
    const value = form.get(key);
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}
