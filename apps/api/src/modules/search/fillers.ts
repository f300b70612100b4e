import type { FillerSection, FillerSectionType } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { CmsSectionConfig } from '@lotline/db/schema';
import { catalogProducts, cmsSections, eventLots } from '@lotline/db/schema';
import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { selectLotCards } from '../lots/select-lot-cards';
import { browseRowLotCondition } from '../lots/visibility';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { selectCatalogCards } from './fillers-catalog';
import {
  activeLotCondition,
  type CategoryRef,
  categoryBySlug,
  lotInSubtree,
  popularOrder,
  soldLotCondition,
  soldOrder,
  subtreeIds,
  subtreeIdsOfId,
} from './fillers-conditions';

/** At most this many cards per row (spec §2: a horizontal scroller). */
export const FILLER_LIMIT = 12;
/** Trending looks at lots listed within this many days. */
export const TRENDING_DAYS = 7;
/** At most this many of an editor's chosen lot ids are looked at (a bound on the read, far above a row). */
const MAX_CHOSEN = 200;

const FILLER_TYPES: FillerSectionType[] = ['popular', 'sold', 'catalog', 'trending'];

export interface ListFillerSectionsInput {
  /** Category slug: rows show only lots and products of this category and below. */
  productCategory?: string | undefined;
  /** Only the sections staff put on the home page (decision 0084). */
  home?: boolean;
}

/** A stored section as the fill reads it: a saved row, or a staff draft being previewed. */
export type FillableSection = Pick<
  typeof cmsSections.$inferSelect,
  'id' | 'type' | 'label' | 'text' | 'seeMoreUrl' | 'config'
>;

/**
 * The filler rows of the browse page: the active `cms_sections` of the filler
 * types in position order, each filled with at most 12 cards. A row with no
 * cards is left out, so "a sold filler section exists" means it has lots.
 * One query per row; there are a handful of rows.
 */
export async function listFillerSections(
  db: Database,
  input: ListFillerSectionsInput,
  flags: FeatureOverrides,
  now: Date = new Date(),
): Promise<FillerSection[]> {
  const category = input.productCategory ? await categoryBySlug(db, input.productCategory) : undefined;
  const rows = await db
    .select()
    .from(cmsSections)
    .where(
      and(
        eq(cmsSections.active, true),
        inArray(cmsSections.type, FILLER_TYPES),
        input.home ? eq(cmsSections.onHome, true) : undefined,
      ),
    )
    .orderBy(asc(cmsSections.position), asc(cmsSections.id));

  const sections = await Promise.all(rows.map((row) => fillSection(db, row, category, now, flags)));
  return sections.filter((s): s is FillerSection => s !== null);
}

/** One section filled with its cards, or null when it has none (or is not a filler type). */
export async function fillSection(
  db: Database,
  row: FillableSection,
  category: CategoryRef | undefined,
  now: Date,
  flags: FeatureOverrides,
): Promise<FillerSection | null> {
  if (!(FILLER_TYPES as string[]).includes(row.type)) return null;
  const type = row.type as FillerSectionType;
  const base = {
    _id: row.id,
    type,
    label: row.label.toUpperCase(),
    ...(row.text ? { text: row.text } : {}),
    seeMoreUrl: row.seeMoreUrl,
  };
  if (type === 'catalog') {
    const catalogProducts = await catalogRow(db, row.config, category);
    return catalogProducts.length > 0 ? { ...base, catalogProducts } : null;
  }
  const lots = await lotRow(db, type, row.config, category, now, flags);
  return lots.length > 0 ? { ...base, lots } : null;
}

async function lotRow(
  db: Database,
  type: Exclude<FillerSectionType, 'catalog'>,
  config: CmsSectionConfig,
  category: CategoryRef | undefined,
  now: Date,
  flags: FeatureOverrides,
) {
  const inCategories = [
    category ? lotInSubtree(db, category) : undefined,
    config.productCategoryId
      ? inArray(eventLots.productCategoryId, subtreeIdsOfId(db, config.productCategoryId))
      : undefined,
  ];
  // Explicit lots are the editor's choice: only visibility and the category still apply.
  if (config.lotIds && config.lotIds.length > 0) {
    const chosen = await selectLotCards(
      db,
      {
        ids: [...new Set(config.lotIds)].slice(0, MAX_CHOSEN),
        where: and(browseRowLotCondition(), ...inCategories),
        limit: FILLER_LIMIT,
      },
      flags,
    );
    // Chosen for the whole marketplace, they may all fall outside the page's
    // category; the row then shows that category's own lots of this type.
    if (chosen.length > 0 || !category) return chosen;
  }
  const where: Record<typeof type, SQL> = {
    popular: activeLotCondition(now),
    sold: soldLotCondition(),
    trending: and(activeLotCondition(now), gte(eventLots.createdAt, trendingSince(now))) as SQL,
  };
  return selectLotCards(
    db,
    {
      where: and(where[type], ...inCategories),
      orderBy: type === 'sold' ? soldOrder : popularOrder,
      limit: FILLER_LIMIT,
    },
    flags,
  );
}

async function catalogRow(db: Database, config: CmsSectionConfig, category: CategoryRef | undefined) {
  const inCategory = category ? inArray(catalogProducts.productCategoryId, subtreeIds(db, category.pathId)) : undefined;
  if (config.catalogProductIds && config.catalogProductIds.length > 0) {
    return selectCatalogCards(db, inCategory, FILLER_LIMIT, config.catalogProductIds);
  }
  const ownCategory = config.productCategoryId
    ? inArray(catalogProducts.productCategoryId, subtreeIdsOfId(db, config.productCategoryId))
    : undefined;
  // With neither ids nor any category there is nothing to base the row on.
  if (!ownCategory && !inCategory) return [];
  return selectCatalogCards(db, and(ownCategory, inCategory), FILLER_LIMIT);
}

export function trendingSince(now: Date): Date {
  return new Date(now.getTime() - TRENDING_DAYS * 86_400_000);
}
