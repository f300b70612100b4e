import type { QueryCondition, QueryObject, QueryOp, QueryScalar } from '@lotline/contracts';
import {
  and,
  type Column,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import { AppError } from './errors';

/**
 * Translates a contract §2 query object into a Drizzle WHERE condition.
 *
 * Every endpoint passes a whitelist mapping each allowed field to a column
 * (or to a custom builder); a field without a mapping cannot reach SQL. Values
 * are always bound parameters, never spliced into the SQL text.
 *
 * Semantics follow the search index the clients were written against:
 * - `ne` and `nin` also match rows where the column is NULL (a document
 *   without the field "is not X"), hence `IS NULL OR <> / NOT IN`;
 * - `exists: true|false` is IS NOT NULL / IS NULL;
 * - `operator: "or"` joins the conditions with OR; no conditions means no filter.
 */

export interface ColumnMapping {
  column: Column | SQL;
  /** Turns a validated JSON value into the column's value (e.g. an ISO string into a Date). */
  convert?: (value: QueryScalar) => unknown;
}

export interface CustomMapping {
  /** Builds the condition for one operator; `values` is always a list (one item unless in/nin). */
  build: (op: QueryOp, values: unknown[]) => SQL | undefined;
  convert?: (value: QueryScalar) => unknown;
}

export type FieldMapping = ColumnMapping | CustomMapping;
export type FieldMappings<F extends string> = Record<F, FieldMapping>;

/** Thrown by a `convert` when a value is unusable; carries the message, the translator adds the path. */
export class QueryValueError extends Error {}

function columnCondition(column: Column | SQL, op: QueryOp, values: unknown[]): SQL | undefined {
  const c = column as Column;
  const [v] = values;
  switch (op) {
    case 'eq':
      return eq(c, v);
    case 'ne':
      return or(isNull(c), ne(c, v));
    case 'in':
      return inArray(c, values);
    case 'nin':
      return or(isNull(c), notInArray(c, values));
    case 'gt':
      return gt(c, v);
    case 'gte':
      return gte(c, v);
    case 'lt':
      return lt(c, v);
    case 'lte':
      return lte(c, v);
    case 'exists':
      return v === true ? isNotNull(c) : isNull(c);
  }
}

function conditionSql<F extends string>(
  cond: QueryCondition<F>,
  index: number,
  mappings: FieldMappings<F>,
  paramName: string,
): SQL | undefined {
  const mapping = mappings[cond.field];
  if (!mapping) {
    // Unreachable when the schema and the mappings list the same fields; kept as a fence.
    throw AppError.validation(`Unknown field "${cond.field}"`, `${paramName}.params.${index}.field`);
  }
  const raw = Array.isArray(cond.value) ? cond.value : [cond.value];
  let values: unknown[];
  try {
    values =
      cond.op === 'exists'
        ? raw
        : raw.map((v) => {
            if (v === null) throw new QueryValueError('Must not be null');
            return mapping.convert ? mapping.convert(v) : v;
          });
  } catch (err) {
    if (err instanceof QueryValueError) {
      throw AppError.validation(err.message, `${paramName}.params.${index}.value`);
    }
    throw err;
  }
  return 'build' in mapping ? mapping.build(cond.op, values) : columnCondition(mapping.column, cond.op, values);
}

export function queryObjectToSql<F extends string>(
  query: QueryObject<F> | undefined,
  mappings: FieldMappings<F>,
  paramName = 'query',
): SQL | undefined {
  if (!query || query.params.length === 0) return undefined;
  const parts = query.params.map((cond, i) => conditionSql(cond, i, mappings, paramName));
  return query.operator === 'or' ? or(...parts) : and(...parts);
}

/** `convert` for timestamp fields: the schema checked the format, this makes the Date. */
export function toDate(value: QueryScalar): Date {
  const d = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime())) throw new QueryValueError('Must be an ISO 8601 date or date-time');
  return d;
}
