import { z } from 'zod';

/**
 * The query objects of contract §2 (`esQuery`, `query`): a list of conditions
 * joined by `and` (default) or `or`. Each endpoint names the fields it allows;
 * an unknown field, operator or key is a validation error, never ignored.
 */
export const QUERY_OPS = ['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'exists'] as const;
export type QueryOp = (typeof QUERY_OPS)[number];

// PostgreSQL text cannot hold NUL: refuse it here as bad input rather than let the query fail.
const text = z
  .string()
  .max(200)
  .refine((v) => !v.includes('\u0000'), 'Must not contain NUL characters');
const scalar = z.union([text, z.number().finite(), z.boolean()]);
const value = z.union([scalar, z.null(), z.array(z.union([scalar, z.null()])).max(500)]);
export type QueryScalar = z.infer<typeof scalar>;
export type QueryValue = z.infer<typeof value>;

export interface QueryCondition<F extends string = string> {
  field: F;
  op: QueryOp;
  value: QueryValue;
}
export interface QueryObject<F extends string = string> {
  operator: 'and' | 'or';
  params: QueryCondition<F>[];
}

/** Contract §1: `""`, `null` and `[]` are "empty" and the condition is ignored. */
export function isEmptyQueryValue(v: unknown): boolean {
  return v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
}

/**
 * What values a field accepts, so that a wrong type is a validation error at
 * the edge (with the exact `params.N.value` path) rather than a surprise in SQL.
 * - `string`: text; every operator.
 * - `date`: ISO 8601 date or date-time (`2026-11-21`, `2026-11-21T00:00:00Z`); every operator.
 * - `enum`: one of `values`; equality operators only (ordering an enum means nothing).
 * - `ops` narrows the operators further (e.g. a path field that only supports containment).
 */
export type QueryFieldRule =
  | { type: 'string'; ops?: readonly QueryOp[] }
  | { type: 'date'; ops?: readonly QueryOp[] }
  | { type: 'enum'; values: readonly string[]; ops?: readonly QueryOp[] };

const EQUALITY_OPS: readonly QueryOp[] = ['eq', 'ne', 'in', 'nin', 'exists'];
// A time needs an explicit zone: a zoneless date-time would be read in the
// server's local time zone (convention 10: all timestamps are UTC).
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** True for an ISO 8601 date or date-time that names a real calendar day (no 30 February). */
export function isIsoDateString(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = ISO_DATE.exec(v);
  if (!m || Number.isNaN(Date.parse(v))) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

function valueProblem(rule: QueryFieldRule, v: unknown): string | undefined {
  if (rule.type === 'enum') {
    return typeof v === 'string' && rule.values.includes(v) ? undefined : `Must be one of: ${rule.values.join(', ')}`;
  }
  if (typeof v !== 'string') return 'Must be a string';
  if (rule.type === 'date' && !isIsoDateString(v)) return 'Must be an ISO 8601 date or date-time';
  return undefined;
}

export function queryObjectSchema<const F extends readonly [string, ...string[]]>(
  fields: F,
  rules: Partial<Record<F[number], QueryFieldRule>> = {},
) {
  const condition = z
    .object({
      field: z.enum(fields, { error: (i) => `Unknown field "${String(i.input)}"; allowed: ${fields.join(', ')}` }),
      op: z.enum(QUERY_OPS, {
        error: (i) => `Unknown operator "${String(i.input)}"; allowed: ${QUERY_OPS.join(', ')}`,
      }),
      value: value.optional(),
    })
    .strict()
    .superRefine((c, ctx) => {
      if (isEmptyQueryValue(c.value)) return;
      const isList = Array.isArray(c.value);
      if ((c.op === 'in' || c.op === 'nin') && !isList) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `Operator "${c.op}" needs a list value` });
        return;
      }
      if (c.op !== 'in' && c.op !== 'nin' && isList) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `Operator "${c.op}" needs a single value` });
        return;
      }
      if (c.op === 'exists' && typeof c.value !== 'boolean') {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Operator "exists" needs true or false' });
        return;
      }
      const rule = (rules as Partial<Record<string, QueryFieldRule>>)[c.field];
      if (!rule) return;
      const ops = rule.ops ?? (rule.type === 'enum' ? EQUALITY_OPS : QUERY_OPS);
      if (!ops.includes(c.op)) {
        ctx.addIssue({ code: 'custom', path: ['op'], message: `Field "${c.field}" supports: ${ops.join(', ')}` });
        return;
      }
      if (c.op === 'exists') return;
      // Validated before the transform below drops empty conditions, so the
      // reported index is the one the client sent.
      const items = Array.isArray(c.value) ? c.value : [c.value];
      items.forEach((item, i) => {
        const problem = valueProblem(rule, item);
        if (problem) {
          const path = Array.isArray(c.value) ? ['value', i] : ['value'];
          ctx.addIssue({ code: 'custom', path, message: problem });
        }
      });
    });
  return z
    .object({
      operator: z.enum(['and', 'or']).default('and'),
      params: z.array(condition).max(50).default([]),
    })
    .strict()
    .transform((q) => ({
      operator: q.operator,
      // Empty-value conditions are dropped (contract §1).
      params: q.params
        .filter((p) => !isEmptyQueryValue(p.value))
        .map((p) => ({ field: p.field, op: p.op, value: p.value as QueryValue })),
    })) as unknown as z.ZodType<QueryObject<F[number]>, unknown>;
}

/** Parses a URL query parameter that carries JSON; a parse failure is a zod issue, not a throw. */
export function jsonQueryParam<T extends z.ZodType>(inner: T) {
  return z
    .string()
    .max(20_000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be URL-encoded JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);
}

/** Serialises a query object for a URL, dropping empty-value conditions as clients must. */
export function serializeQueryObject(q: {
  operator?: 'and' | 'or';
  params: { field: string; op: QueryOp; value?: unknown }[];
}): string {
  return JSON.stringify({
    operator: q.operator ?? 'and',
    params: q.params.filter((p) => !isEmptyQueryValue(p.value)),
  });
}
