import type { Address } from '@lotline/contracts';
import { addresses } from '@lotline/db/schema';

/** The columns the contract shows, and nothing else (convention 12). */
export const addressColumns = {
  id: addresses.id,
  type: addresses.type,
  name: addresses.name,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  region: addresses.region,
  postalCode: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
} satisfies Record<keyof Address, unknown>;
