import { COMMERCIAL_PROFILES } from './models-commercial';
import { ELECTRICAL_PROFILES } from './models-electrical';
import { METALWORKING_PROFILES } from './models-metalworking';
import { MOBILE_PROFILES } from './models-mobile';
import { PROCESS_PROFILES } from './models-process';
import type { LeafProfile } from './profile';

export { CATEGORY_TREE, type CategoryNode, type TopCategory } from './categories';
export { CA_PLACES, findPlace, PLACES, type Place, US_PLACES } from './places';
export type { LeafProfile, ModelSpec } from './profile';
export { FEATURED_SELLER_COUNT, SELLERS, type SellerSpec } from './sellers';

/** Every active, regular leaf category's listing profile, by slug. */
export const LEAF_PROFILES: Record<string, LeafProfile> = {
  ...METALWORKING_PROFILES,
  ...MOBILE_PROFILES,
  ...PROCESS_PROFILES,
  ...ELECTRICAL_PROFILES,
  ...COMMERCIAL_PROFILES,
};
