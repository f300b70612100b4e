'use server';

import { companyLocationsResponse, sellerEventPath } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { companyLocationsPath } from '../seller-company/paths';
import { parseLocationForm, refusedLocation } from './location-form';

/** The event's locations: add one (checked with the contract's schema first), copy one of the company's, remove one. */

const locationsPath = (eventId: string) => `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/locations`;

export async function addLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const eventId = String(form.get('eventId') ?? '');
  const read = parseLocationForm(form);
  if (!read.ok) return read.state;
  const answer = await callApi('POST', locationsPath(eventId), read.body);
  if (!answer.ok) return refusedLocation(answer, read.values);
  revalidatePath(sellerEventPath(eventId));
  return { ...emptyForm, success: `${read.body.city} added.` };
}

/** Copies a location of the company's address book into the event (decision 0054); the event keeps its own copy. */
export async function copyCompanyLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const eventId = String(form.get('eventId') ?? '');
  const companyId = String(form.get('companyId') ?? '');
  const chosen = String(form.get('companyLocationId') ?? '');
  if (chosen === '') return { ...emptyForm, fieldErrors: { companyLocationId: 'Choose one of your locations.' } };
  const listed = await callApi<unknown>('GET', companyLocationsPath(companyId));
  const parsed = companyLocationsResponse.safeParse(listed.data);
  const location = parsed.success ? parsed.data.locations.find((l) => l._id === chosen) : undefined;
  if (!location) return { ...emptyForm, error: listed.error?.message ?? 'That location is no longer in your list.' };
  const { _id, ...body } = location;
  const answer = await callApi('POST', locationsPath(eventId), body);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The location could not be added.' };
  revalidatePath(sellerEventPath(eventId));
  return { ...emptyForm, success: `${location.city} added.` };
}

export async function removeLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const eventId = String(form.get('eventId') ?? '');
  const locationId = String(form.get('locationId') ?? '');
  const answer = await callApi('DELETE', `${locationsPath(eventId)}/${encodeURIComponent(locationId)}`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The location could not be removed.' };
  revalidatePath(sellerEventPath(eventId));
  return { ...emptyForm, success: 'Location removed.' };
}
