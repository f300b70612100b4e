import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Former public keys of brands and catalog products (decision 0083): a brand
 * whose uniqueName changed or that was merged into another, a catalog product
 * renamed or merged away. The old key's URL answers a permanent redirect to
 * the target's current one. A row points at a live row's id, never at a key,
 * so no chain forms; a key taken again by a live row loses its row here.
 */
export const catalogRedirects = pgTable(
  'catalog_redirects',
  {
    /** 'brand' or 'catalog_product': which table `old_key` and `target_id` belong to. */
    kind: text('kind', { enum: ['brand', 'catalog_product'] }).notNull(),
    /** The former uniqueName. */
    oldKey: text('old_key').notNull(),
    /** brands.id or catalog_products.id (no foreign key: one column serves two tables). */
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.oldKey] }), index('catalog_redirects_target_idx').on(t.kind, t.targetId)],
);
