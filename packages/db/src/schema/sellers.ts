import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { country } from './enums';

/** Sellers are companies (spec §1); six featured ones are linked by logo. */
export const companies = pgTable('companies', {
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
  createdAt: createdAt(),
});
