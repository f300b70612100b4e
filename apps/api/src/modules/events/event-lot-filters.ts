import { canonicalLotStatus, type EventLotQueryField, type QueryOp, type QueryScalar } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, eventLots, productCategories } from '@lotline/db/schema';
import { inArray, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/errors';
import { type FieldMappings, QueryValueError, toDate } from '../../lib/query-object-sql';

/**
 * The esQuery whitelist of GET /marketplace/api/event/event-lots: each field of
 * contract §3 and the column it filters. `brand.uniqueName` needs the brands join.
 */

function toStatus(value: QueryScalar) {
  const status = typeof value === 'string' ? canonicalLotStatus(value) : undefined;
  if (!status) throw new QueryValueError(`Unknown status "${String(value)}"`);
  return status;
}

const pathCategories = alias(productCategories, 'path_categories');

/**
 * `productCategory.pathId` X means "the lot's category is X or lies under X".
 * A category's pathId lists its ancestors and itself ('/cat_a/cat_b/'), so
 * that is the set of categories whose path has X as a whole segment. The
 * category table is small; the lot side then uses its category index.
 */
function categoryPathCondition(db: Database) {
  const underAny = (ids: unknown[]) =>
    db
      .select({ id: pathCategories.id })
      .from(pathCategories)
      .where(or(...ids.map((id) => sql`strpos(${pathCategories.pathId}, ${`/${String(id)}/`}) > 0`)));
  return (op: QueryOp, values: unknown[]): SQL | undefined => {
    const lotCategory = eventLots.productCategoryId;
    switch (op) {
      case 'eq':
      case 'in':
        return inArray(lotCategory, underAny(values));
      case 'ne':
      case 'nin':
        // A lot without a category is not under X, as `ne` includes missing values elsewhere.
        return or(isNull(lotCategory), notInArray(lotCategory, underAny(values)));
      case 'exists':
        return values[0] === true ? isNotNull(lotCategory) : isNull(lotCategory);
      default:
        // The contract rules allow only the cases above for this field.
        throw AppError.validation(`Operator "${op}" is not supported for productCategory.pathId`);
    }
  };
}

export function eventLotFieldMappings(db: Database): FieldMappings<EventLotQueryField> {
  return {
    _id: { column: eventLots.id },
    mp2Id: { column: eventLots.mp2Id },
    parentId: { column: eventLots.parentId },
    eventId: { column: eventLots.eventId },
    companyId: { column: eventLots.companyId },
    number: { column: eventLots.number },
    status: { column: eventLots.status, convert: toStatus },
    type: { column: eventLots.type },
    'productCategory.pathId': { build: categoryPathCondition(db) },
    'brand.uniqueName': { column: brands.uniqueName },
    endedAt: { column: eventLots.endedAt, convert: toDate },
    createdAt: { column: eventLots.createdAt, convert: toDate },
  };
}
