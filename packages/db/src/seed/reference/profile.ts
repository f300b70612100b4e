import type { PackagingType } from '@lotline/contracts';

/** [brand name, model, what it is, first model year, last model year] */
export type ModelSpec = readonly [brand: string, model: string, title: string, yearFrom: number, yearTo: number];

/** How lots of one leaf category look: names, prices and logistics. */
export interface LeafProfile {
  /** Typical fair market value range in major units (dollars). */
  price: readonly [number, number];
  /** Probability that a listing name starts with the year of manufacture. */
  year: number;
  /** Optional detail appended to some names ("with Side Shift"). */
  suffixes: readonly string[];
  packaging: readonly PackagingType[];
  /** Needs rigging to remove (machine tools, heavy iron). */
  heavy: boolean;
  /** Sold by the piece or in bundles: buy-now quantities above 1, "Lot of (n)" auction lots. */
  bulk?: boolean;
  models: readonly ModelSpec[];
}
