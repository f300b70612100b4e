import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { categoryStatus, categoryType } from './enums';

export const productCategories = pgTable(
  'product_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    parentId: text('parent_id').references((): AnyPgColumn => productCategories.id),
    /**
     * Ancestor path including the category itself, e.g. '/cat_a/cat_b/'.
     * "A category includes its descendants" becomes a prefix match on this column.
     */
    pathId: text('path_id').notNull(),
    depth: integer('depth').notNull().default(0),
    imgFilename: text('img_filename'),
    status: categoryStatus('status').notNull().default('active'),
    type: categoryType('type').notNull().default('regular'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_categories_parent_idx').on(t.parentId),
    index('product_categories_path_idx').on(sql`${t.pathId} text_pattern_ops`),
  ],
);

/**
 * A category's former slugs (decision 0077): the browse URL of an old slug
 * (/marketplace/lots/{old_path}) answers a permanent redirect to the
 * category's current slug. A live category's slug always wins over a row here;
 * taking a slug again removes its row.
 */
export const categorySlugRedirects = pgTable(
  'category_slug_redirects',
  {
    /** The old slug, the category browse path's last segment. */
    oldPath: text('old_path').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => productCategories.id),
    createdAt: createdAt(),
  },
  (t) => [index('category_slug_redirects_category_idx').on(t.categoryId)],
);

export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  uniqueName: text('unique_name').notNull().unique(),
});

export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: text('id').primaryKey(),
    uniqueName: text('unique_name').notNull(),
    name: text('name').notNull(),
    brandId: text('brand_id').references(() => brands.id),
    modelNumber: text('model_number'),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
    productCategoryId: text('product_category_id').references(() => productCategories.id),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('catalog_products_unique_name_idx').on(t.uniqueName),
    index('catalog_products_category_idx').on(t.productCategoryId),
  ],
);
