import { type LotBody, lotBody, type SellerLot, SHIPPING_OPTIONS } from '@lotline/contracts';

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

export function parseLotForm(form: FormData): ParsedLotForm {
  const count = (key: string) => (text(form, key).trim() === '' ? null : Number(text(form, key)));
  const raw: Record<string, unknown> = {
    ...Object.fromEntries(TEXT.map((k) => [k, text(form, k)])),
    ...Object.fromEntries(NULLABLE_TEXT.map((k) => [k, text(form, k).trim() === '' ? null : text(form, k).trim()])),
    ...Object.fromEntries(MONEY_FIELDS.map((k) => [k, parseAmount(text(form, k))])),
    quantity: count('quantity') ?? Number.NaN,
    shippingPackageCount: count('shippingPackageCount'),
    bestOfferEnabled: form.get('bestOfferEnabled') === 'on',
    managedShipping: form.get('managedShipping') === 'on',
    shippingOptions: SHIPPING_OPTIONS.filter((o) => form.get(o) === 'on'),
  };
  const parsed = lotBody.safeParse(raw);
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
