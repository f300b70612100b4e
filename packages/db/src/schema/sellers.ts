import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, numeric, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { country } from './enums';

/** A suspended company's published events are view-only and its console read-only (decision 0076). */
export const companyStatus = pgEnum('company_status', ['active', 'suspended']);

/** Sellers are companies (spec §1); six featured ones are linked by logo. */
export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    logoUrl: text('logo_url'),
    description: text('description').notNull().default(''),
    city: text('city'),
    region: text('region'),
    country: country('country'),
    featured: boolean('featured').notNull().default(false),
    /** Position among the featured sellers; null when not featured. */
    featuredOrder: integer('featured_order'),
    status: companyStatus('status').notNull().default('active'),
    /** The company's commission in basis points; null = the marketplace default (decision 0076). */
    commissionBps: integer('commission_bps'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'companies_commission_bps_range',
      sql`${t.commissionBps} IS NULL OR (${t.commissionBps} >= 0 AND ${t.commissionBps} <= 10000)`,
    ),
  ],
);

/**
 * A company's address book of places where its assets sit (issue 16, decision 0054), each with
 * the tax rate of the place as a percentage like the event's disposition locations (e.g. 8.25);
 * the event form copies one into the event's own locations.
 */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    region: text('region').notNull(),
    country: country('country').notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_locations_company_idx').on(t.companyId),
    check('company_locations_tax_rate_range', sql`${t.taxRate} >= 0 AND ${t.taxRate} <= 100`),
  ],
);
