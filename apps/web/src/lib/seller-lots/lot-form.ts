import { type LotBody, lotBody, type SellerLot, SHIPPING_OPTIONS } from '@lotline/contracts';
import { z } from 'zod';

/**
 * The lot form's text ⇄ the API's body (decision 0050): amounts are typed in
 * dollars (or the lot's currency) and sent as integer minor units; an empty
 * box is null. The contract's zod schema checks the rest, so a field's message
 * is the API's own.
 */

export const MONEY_FIELDS = [
  'startingBid',
  'reserveBid',
  'buyItNowPrice',
  'riggingCost',
  'loadingCost',
  'shippingCost',
  'forcedLiquidationValue',
  'orderlyLiquidationValue',
  'grossBookValue',
  'netBookValue',
  'transferValue',
] as const;
const NULLABLE_TEXT = [
  'productCategoryId',
  'brand',
  'catalogProductId',
  'riggingParty',
  'loadingParty',
  'shippingParty',
  'shippingPackageType',
  'marketDemand',
  'dispositionLocationId',
] as const;
const TEXT = ['number', 'name', 'description', 'type'] as const;

/** "1,250.50" → 125050; "" → null; anything else → NaN (the schema then names the field). */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole = '0', cents = ''] = clean.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

export const formatAmount = (minor: number | null) =>
  minor === null
    ? ''
    : `${Math.floor(minor / 100)}${minor % 100 === 0 ? '' : `.${String(minor % 100).padStart(2, '0')}`}`;

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
};

/** What the person typed, to refill the form after a refused submit. */
export function typedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...TEXT, ...NULLABLE_TEXT, ...MONEY_FIELDS, 'quantity', 'shippingPackageCount']) {
    out[key] = text(form, key);
  }
  for (const key of ['bestOfferEnabled', 'managedShipping', ...SHIPPING_OPTIONS]) {
    out[key] = form.get(key) === 'on' ? 'on' : '';
  }
  return out;
}

export type ParsedLotForm = { ok: true; body: LotBody } | { ok: false; fieldErrors: Record<string, string> };

/** A checkbox as a form posts it ("on") or as react-hook-form holds it (true, or its value). */
const ticked = (value: unknown) => value === true || value === 'on';

/** The form's values (text as typed, checkboxes ticked or not) as the body the contract's schema checks. */
export function rawOf(values: Record<string, unknown>): Record<string, unknown> {
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const count = (key: string) => (str(key).trim() === '' ? null : Number(str(key)));
  return {
    ...Object.fromEntries(TEXT.map((k) => [k, str(k)])),
    ...Object.fromEntries(NULLABLE_TEXT.map((k) => [k, str(k).trim() === '' ? null : str(k).trim()])),
    ...Object.fromEntries(MONEY_FIELDS.map((k) => [k, parseAmount(str(k))])),
    quantity: count('quantity') ?? Number.NaN,
    shippingPackageCount: count('shippingPackageCount'),
    bestOfferEnabled: ticked(values.bestOfferEnabled),
    managedShipping: ticked(values.managedShipping),
    shippingOptions: SHIPPING_OPTIONS.filter((o) => ticked(values[o])),
  };
}

/**
 * The lot schema of `packages/contracts` read from the form's values: what
 * react-hook-form checks in the browser (decision 0055) and the server action
 * checks again, so a field's message is the same in both.
 */
export const lotFormSchema = z.record(z.string(), z.unknown()).transform(rawOf).pipe(lotBody);

export function parseLotForm(form: FormData): ParsedLotForm {
  const parsed = lotFormSchema.safeParse(typedValues(form));
  if (parsed.success) return { ok: true, body: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in fieldErrors)) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}

/** A stored lot as the form's text (or the defaults of a new lot of the given type). */
export function lotFormValues(lot: SellerLot | null, type: string): Record<string, string> {
  if (!lot) return { type, quantity: '1' };
  const out: Record<string, string> = {
    number: lot.number,
    name: lot.name,
    description: lot.description,
    type: lot.type,
    quantity: String(lot.quantity),
    shippingPackageCount: lot.shippingPackageCount === null ? '' : String(lot.shippingPackageCount),
    bestOfferEnabled: lot.bestOfferEnabled ? 'on' : '',
    managedShipping: lot.managedShipping ? 'on' : '',
  };
  for (const key of NULLABLE_TEXT) out[key] = lot[key] ?? '';
  for (const key of MONEY_FIELDS) out[key] = formatAmount(lot[key]);
  for (const option of SHIPPING_OPTIONS) out[option] = lot.shippingOptions.includes(option) ? 'on' : '';
  return out;
}
