import { eventLocationBody } from '@lotline/contracts';
import type { ApiAnswer } from '../auth/api-call.server';
import { type FormState, fieldErrorsOf, formValues } from '../auth/form-state';

/**
 * A location form (an event's, or the company's address book: the same fields,
 * decision 0054) read and checked with the contract's schema before the API sees it.
 */

const FIELDS = ['city', 'region', 'country', 'taxRate', 'lat', 'lon'] as const;
const toNumber = (text: string | undefined) => (text === undefined || text.trim() === '' ? Number.NaN : Number(text));

export function parseLocationForm(form: FormData) {
  const values = formValues(form, FIELDS);
  const parsed = eventLocationBody.safeParse({
    city: values.city,
    region: values.region,
    country: values.country,
    taxRate: toNumber(values.taxRate),
    lat: toNumber(values.lat),
    lon: toNumber(values.lon),
  });
  return parsed.success
    ? { ok: true as const, body: parsed.data, values }
    : { ok: false as const, state: { fieldErrors: fieldErrorsOf(parsed.error), values } };
}

/** The API's refusal as the form's errors: by field where it names one. */
export function refusedLocation(answer: ApiAnswer<unknown>, values: Record<string, string>): FormState {
  const state: FormState = { fieldErrors: {}, values };
  for (const e of answer.errors) {
    if (e.field) state.fieldErrors[e.field] ??= e.message;
    else state.error ??= e.message;
  }
  if (answer.errors.length === 0) state.error = 'That did not work. Try again.';
  return state;
}
