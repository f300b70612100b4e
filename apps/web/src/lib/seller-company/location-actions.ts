'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { SELLER_COMPANY_PATH } from '../routes';
import { parseLocationForm, refusedLocation } from '../seller-events/location-form';
import { companyLocationsPath } from './paths';

/** The company's address book of locations (decision 0054): add one, remove one. Owners and staff. */

export async function addCompanyLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const companyId = String(form.get('companyId') ?? '');
  const read = parseLocationForm(form);
  if (!read.ok) return read.state;
  const answer = await callApi('POST', companyLocationsPath(companyId), read.body);
  if (!answer.ok) return refusedLocation(answer, read.values);
  revalidatePath(SELLER_COMPANY_PATH);
  return { ...emptyForm, success: `${read.body.city} added. Events can copy it from their Locations section.` };
}

export async function removeCompanyLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const companyId = String(form.get('companyId') ?? '');
  const locationId = String(form.get('locationId') ?? '');
  const path = `${companyLocationsPath(companyId)}/${encodeURIComponent(locationId)}`;
  const answer = await callApi('DELETE', path);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The location could not be removed.' };
  revalidatePath(SELLER_COMPANY_PATH);
  return { ...emptyForm, success: 'Location removed.' };
}
