import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { cmsSectionType } from './enums';

/**
 * People with an account. The auth library (better-auth, decision 0009) reads
 * and writes id, name, email, emailVerified, image, createdAt and updatedAt;
 * `roles` and `verified` are ours. `emailVerified` is the spec's activation,
 * `verified` the logged-in verification flag (spec §4). E-mails are stored
 * lower-case, so the unique index is case-insensitive in effect.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull().default([]),
  verified: boolean('verified').notNull().default(false),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** Staff disabled the account (decision 0075): no session, sign-in answers ACCOUNT_DISABLED. */
  disabled: boolean('disabled').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: utc('updated_at').notNull().defaultNow(),
});

/** On/off per flag; `FEATURE_<KEY>` in the environment overrides the stored value. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  description: text('description').notNull().default(''),
  updatedAt: utc('updated_at').notNull().defaultNow(),
});

export type CmsSectionConfig = {
  /** Explicit lots, companies or catalog products, in display order. */
  lotIds?: string[];
  companyIds?: string[];
  catalogProductIds?: string[];
  productCategoryId?: string;
};

/** Content sections of the browse pages: featured sellers and filler rows. */
export const cmsSections = pgTable('cms_sections', {
  id: text('id').primaryKey(),
  type: cmsSectionType('type').notNull(),
  label: text('label').notNull(),
  /** A line of text under the label; empty: none (decision 0084). */
  text: text('text').notNull().default(''),
  seeMoreUrl: text('see_more_url'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Also a row of the home page, by position (decision 0084); the browse pages show every active one. */
  onHome: boolean('on_home').notNull().default(false),
  config: jsonb('config').$type<CmsSectionConfig>().notNull().default({}),
  createdAt: createdAt(),
});
