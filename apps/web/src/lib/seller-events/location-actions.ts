'use server';

import { eventLocationBody, sellerEventPath } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';

/** The event's locations: add one (checked with the contract's schema first), remove one. */

const FIELDS = ['city', 'region', 'country', 'taxRate', 'lat', 'lon'] as const;
const locationsPath = (eventId: string) => `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/locations`;
const toNumber = (text: string | undefined) => (text === undefined || text.trim() === '' ? Number.NaN : Number(text));

export async function addLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const eventId = String(form.get('eventId') ?? '');
  const values = formValues(form, FIELDS);
  const parsed = eventLocationBody.safeParse({
    city: values.city,
    region: values.region,
    country: values.country,
    taxRate: toNumber(values.taxRate),
    lat: toNumber(values.lat),
    lon: toNumber(values.lon),
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('POST', locationsPath(eventId), parsed.data);
  if (!answer.ok) {
    const state: FormState = { fieldErrors: {}, values };
    for (const e of answer.errors) {
      if (e.field) state.fieldErrors[e.field] ??= e.message;
      else state.error ??= e.message;
    }
    return state;
  }
  revalidatePath(sellerEventPath(eventId));
  return { ...emptyForm, success: `${parsed.data.city} added.` };
}

export async function removeLocationAction(_: FormState, form: FormData): Promise<FormState> {
  const eventId = String(form.get('eventId') ?? '');
  const locationId = String(form.get('locationId') ?? '');
  const answer = await callApi('DELETE', `${locationsPath(eventId)}/${encodeURIComponent(locationId)}`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The location could not be removed.' };
  revalidatePath(sellerEventPath(eventId));
  return { ...emptyForm, success: 'Location removed.' };
}
