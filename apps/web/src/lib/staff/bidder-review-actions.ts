'use server';

import { autoApprovalRuleBody, registrationDecisionBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { optionalAmount } from '../bidding/amount';
import { STAFF_BIDDER_REVIEW_PATH, STAFF_BIDDER_RULES_PATH } from './bidder-review';

/**
 * The bidder review page's actions (decision 0080): approve with an optional bid limit typed in the
 * event's currency, decline with a reason, and a company's auto-approval rules. The API checks the role
 * and every rule again; its refusal is shown beside the form.
 */

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
};

async function decide(form: FormData, body: unknown, values: FormState['values'], done: string): Promise<FormState> {
  const id = text(form, 'registrationId');
  if (!id) return { ...emptyForm, error: 'That registration no longer exists.' };
  const answer = await callApi('POST', `/marketplace-api/staff/registrations/${encodeURIComponent(id)}/decision`, body);
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message ?? 'The decision could not be saved. Try again.' };
  }
  revalidatePath(STAFF_BIDDER_REVIEW_PATH);
  return { ...emptyForm, success: done };
}

export async function approveBidderAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['bidLimit']);
  const limit = optionalAmount(values.bidLimit ?? '', text(form, 'currency') || 'USD');
  if (!limit.ok) return { fieldErrors: { bidLimit: limit.message }, values };
  const parsed = registrationDecisionBody.safeParse({
    decision: 'approve',
    ...(limit.amount === null ? {} : { bidLimit: limit.amount }),
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  return decide(form, parsed.data, values, 'Approved.');
}

export async function declineBidderAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['reason']);
  const reason = (values.reason ?? '').trim();
  const parsed = registrationDecisionBody.safeParse({ decision: 'decline', ...(reason ? { reason } : {}) });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  return decide(form, parsed.data, values, 'Declined.');
}

const RULE_FIELDS = ['companyId', 'minAccountAgeDays', 'bidLimit', 'currency'] as const;

export async function createRuleAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, RULE_FIELDS);
  const currency = values.currency || 'USD';
  const limit = optionalAmount(values.bidLimit ?? '', currency);
  if (!limit.ok) return { fieldErrors: { bidLimit: limit.message }, values };
  const age = (values.minAccountAgeDays ?? '').trim();
  if (age !== '' && !/^\d+$/.test(age))
    return { fieldErrors: { minAccountAgeDays: 'The account age must be a whole number of days.' }, values };
  const parsed = autoApprovalRuleBody.safeParse({
    companyId: values.companyId,
    requireVerified: form.get('requireVerified') === 'on',
    requireNoUnpaidOrders: form.get('requireNoUnpaidOrders') === 'on',
    minAccountAgeDays: age === '' ? null : Number(age),
    bidLimit: limit.amount,
    currency,
    active: true,
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('POST', '/marketplace-api/staff/auto-approval-rules', parsed.data);
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message ?? 'The rule could not be saved. Try again.' };
  }
  revalidatePath(STAFF_BIDDER_RULES_PATH);
  return { ...emptyForm, success: 'Rule added.' };
}

export async function deleteRuleAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'ruleId');
  if (!id) return { ...emptyForm, error: 'That rule no longer exists.' };
  const answer = await callApi('DELETE', `/marketplace-api/staff/auto-approval-rules/${encodeURIComponent(id)}`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The rule could not be deleted. Try again.' };
  revalidatePath(STAFF_BIDDER_RULES_PATH);
  return { ...emptyForm, success: 'Rule deleted.' };
}
