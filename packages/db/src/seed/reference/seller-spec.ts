import type { PhotoKind } from '../photos';

/** `focus` lists the top-level category slugs a seller's events mostly hold. */
export interface SellerSpec {
  name: string;
  displayName: string | null;
  city: string;
  region: string;
  focus: readonly PhotoKind[];
  description: string;
}

export const s = (
  name: string,
  displayName: string | null,
  city: string,
  region: string,
  focus: readonly PhotoKind[],
  description: string,
): SellerSpec => ({ name, displayName, city, region, focus, description });
