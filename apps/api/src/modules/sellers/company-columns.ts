import { companies } from '@lotline/db/schema';

/** What a buyer may read of a seller (convention 12: the API shapes its own response). */
export const companyColumns = {
  _id: companies.id,
  slug: companies.slug,
  name: companies.name,
  displayName: companies.displayName,
  logoUrl: companies.logoUrl,
  description: companies.description,
  city: companies.city,
  region: companies.region,
  country: companies.country,
};
