'use server';

import { marketplaceCommissionBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { STAFF_COMMISSION_PATH } from './commission';

/**
 * Saves the marketplace's default commission (decision 0078): basis points, 0 to 10000. The API checks who may and
 * audits the change.
 */
export async function setMarketplaceCommissionAction(_: FormState, form: FormData): Promise<FormState> {
  const raw = String(form.get('commissionBps') ?? '').trim();
  const values = { commissionBps: raw };
  const parsed = marketplaceCommissionBody.safeParse({ commissionBps: /^\d+$/.test(raw) ? Number(raw) : Number.NaN });
  if (!parsed.success) {
    const message = 'The commission is a whole number of basis points from 0 to 10000 (1000 = 10%).';
    return { ...emptyForm, values, fieldErrors: { commissionBps: message } };
  }
  const answer = await callApi('PUT', '/marketplace-api/staff/commission', parsed.data);
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'The commission was not saved.' };
  revalidatePath(STAFF_COMMISSION_PATH);
  return { ...emptyForm, success: 'Saved. Events published from now on are charged this rate.' };
}
