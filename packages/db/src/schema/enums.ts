import {
  CATEGORY_STATUSES,
  CATEGORY_TYPES,
  CMS_SECTION_TYPES,
  EVENT_LOT_STATUSES,
  EVENT_STATUSES,
  LEGACY_LOT_STATUSES,
  LOT_TYPES,
  MARKET_DEMANDS,
  PACKAGING_TYPES,
  PARTIES,
  SHIPPING_OPTIONS,
} from '@lotline/contracts';
import { pgEnum } from 'drizzle-orm/pg-core';

// Database enums are built from the contracts lists so the two never drift.
export const lotType = pgEnum('lot_type', LOT_TYPES);
export const lotStatus = pgEnum('lot_status', EVENT_LOT_STATUSES);
export const legacyLotStatus = pgEnum('legacy_lot_status', LEGACY_LOT_STATUSES);
export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const saleFormat = pgEnum('sale_format', ['auction', 'buy-now', 'tender']);
export const categoryStatus = pgEnum('category_status', CATEGORY_STATUSES);
export const categoryType = pgEnum('category_type', CATEGORY_TYPES);
export const packagingType = pgEnum('packaging_type', PACKAGING_TYPES);
export const party = pgEnum('party', PARTIES);
export const shippingOption = pgEnum('shipping_option', SHIPPING_OPTIONS);
export const marketDemand = pgEnum('market_demand', MARKET_DEMANDS);
export const cmsSectionType = pgEnum('cms_section_type', CMS_SECTION_TYPES);
export const country = pgEnum('country', ['US', 'CA']);
