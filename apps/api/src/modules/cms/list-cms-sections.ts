import type { CmsSection, CmsSectionsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { type CmsSectionConfig, cmsSections } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';

/** Only the config keys the contract names: a stored jsonb may carry editor leftovers. */
function publicConfig(config: CmsSectionConfig): CmsSection['config'] {
  const out: CmsSection['config'] = {};
  if (Array.isArray(config.lotIds)) out.lotIds = config.lotIds;
  if (Array.isArray(config.companyIds)) out.companyIds = config.companyIds;
  if (Array.isArray(config.catalogProductIds)) out.catalogProductIds = config.catalogProductIds;
  if (typeof config.productCategoryId === 'string') out.productCategoryId = config.productCategoryId;
  return out;
}

/** The browse pages' content sections (featured sellers, filler rows), active ones by position. */
export async function listCmsSections(db: Database): Promise<CmsSectionsResponse> {
  const rows = await db
    .select({
      _id: cmsSections.id,
      type: cmsSections.type,
      label: cmsSections.label,
      seeMoreUrl: cmsSections.seeMoreUrl,
      position: cmsSections.position,
      config: cmsSections.config,
    })
    .from(cmsSections)
    .where(eq(cmsSections.active, true))
    .orderBy(asc(cmsSections.position), asc(cmsSections.id));
  return { sections: rows.map((r) => ({ ...r, config: publicConfig(r.config) })) };
}
