'use server';

import { WIRE_CURRENCIES, type WireCurrency, wireAccountInput } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { STAFF_WIRE_ACCOUNTS_PATH } from '../routes';

/**
 * Staff set or remove the marketplace's receiving bank account per currency
 * (decision 0070). The form is checked with the API's own schema first, so a
 * mistake is shown at its field; the API decides (staff only) and its refusal
 * is shown as the form's message.
 */
const FIELDS = ['beneficiary', 'bankName', 'accountNumber', 'bankCode', 'referenceNote'] as const;

const currencyOf = (form: FormData): WireCurrency | null => {
  const value = form.get('currency');
  return (WIRE_CURRENCIES as readonly unknown[]).includes(value) ? (value as WireCurrency) : null;
};

export async function saveWireAccountAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, FIELDS);
  const currency = currencyOf(form);
  if (!currency) return { ...emptyForm, values, error: 'Choose USD or CAD.' };
  const parsed = wireAccountInput.safeParse(values);
  if (!parsed.success) {
    return { ...emptyForm, values, error: 'Check the fields marked below.', fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const answer = await callApi('PUT', `/marketplace-api/staff/wire-accounts/${currency}`, parsed.data);
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'The account was not saved.' };
  revalidatePath(STAFF_WIRE_ACCOUNTS_PATH);
  return { ...emptyForm, values, success: `Saved: ${currency} invoices now offer wire transfer to this account.` };
}

export async function removeWireAccountAction(_: FormState, form: FormData): Promise<FormState> {
  const currency = currencyOf(form);
  if (!currency) return { ...emptyForm, error: 'Choose USD or CAD.' };
  const answer = await callApi('DELETE', `/marketplace-api/staff/wire-accounts/${currency}`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The account was not removed.' };
  revalidatePath(STAFF_WIRE_ACCOUNTS_PATH);
  return { ...emptyForm, success: `Removed: ${currency} invoices no longer offer wire transfer.` };
}
