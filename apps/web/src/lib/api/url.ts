import { type QueryOp, serializeQueryObject } from '@lotline/contracts';

type QueryObjectParam = { operator?: 'and' | 'or'; params: { field: string; op: QueryOp; value?: unknown }[] };
export type ApiQueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[]
  | QueryObjectParam;
export type ApiQuery = Record<string, ApiQueryValue>;

function isQueryObject(v: ApiQueryValue): v is QueryObjectParam {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'params' in v;
}

/**
 * `${base}${path}?…`. Query objects (`esQuery`, `query`, `dto`) go as JSON with
 * empty-value conditions dropped (contract §1, spec §7); lists repeat the key
 * (`auction_lot_ids[]=1&auction_lot_ids[]=2`); undefined and null are left out.
 */
export function buildApiUrl(base: string, path: string, query: ApiQuery = {}): string {
  const url = new URL(path, `${base.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (isQueryObject(value)) url.searchParams.append(key, serializeQueryObject(value));
    else if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.append(key, String(value));
  }
  return url.toString();
}
