import type { EventLotQueryField, QueryObject } from '@lotline/contracts';

/**
 * The esQuery behind /marketplace/lots. For now the browse page lists active
 * lots only; the filters of spec §2 (sale format, status, dates, category,
 * keyword, …) are added here as they arrive, so the page never builds
 * conditions itself.
 */
export function buildBrowseEsQuery(): QueryObject<EventLotQueryField> {
  return { operator: 'and', params: [{ field: 'status', op: 'in', value: ['Active'] }] };
}
