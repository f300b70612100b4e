import { SHIPPING_OPTIONS } from '@lotline/contracts/enums';

/**
 * The lot form's steps (decision 0055): the lot, prices, logistics, values.
 * "Next" checks the fields of its step; an error (the browser's or the
 * server's 400) opens the first step that has one.
 */
export const LOT_STEPS = [
  {
    title: 'The lot',
    fields: [
      'number',
      'name',
      'type',
      'quantity',
      'productCategoryId',
      'brand',
      'catalogProductId',
      'dispositionLocationId',
      'description',
    ],
  },
  { title: 'Prices', fields: ['startingBid', 'reserveBid', 'buyItNowPrice', 'bestOfferEnabled'] },
  {
    title: 'Logistics',
    fields: [
      'managedShipping',
      'riggingCost',
      'riggingParty',
      'loadingCost',
      'loadingParty',
      'shippingCost',
      'shippingParty',
      'shippingPackageType',
      'shippingPackageCount',
      'shippingOptions',
      ...SHIPPING_OPTIONS,
    ],
  },
  {
    title: 'Values',
    fields: [
      'marketDemand',
      'forcedLiquidationValue',
      'orderlyLiquidationValue',
      'grossBookValue',
      'netBookValue',
      'transferValue',
    ],
  },
] as const satisfies readonly { title: string; fields: readonly string[] }[];

/** The first step showing one of these fields (in the steps' order), or null when none does. */
export function firstStepWith(fields: Iterable<string>): number | null {
  const wanted = new Set(fields);
  const at = LOT_STEPS.findIndex((step) => step.fields.some((f) => wanted.has(f)));
  return at < 0 ? null : at;
}

type ErrorTree = { message?: unknown } | ErrorTree[] | { [key: string]: ErrorTree } | undefined;

/** The first message in a field's error (react-hook-form nests an array field's, e.g. `shippingOptions.0`). */
function messageOf(tree: ErrorTree): string | undefined {
  if (!tree || typeof tree !== 'object') return undefined;
  if ('message' in tree && typeof tree.message === 'string') return tree.message;
  for (const child of Object.values(tree)) {
    const found = messageOf(child as ErrorTree);
    if (found) return found;
  }
  return undefined;
}

/** react-hook-form's errors as one message a field, as the form's controls show them. */
export function flatErrors(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, tree] of Object.entries(errors)) {
    const message = messageOf(tree as ErrorTree);
    if (message) out[field] = message;
  }
  return out;
}
