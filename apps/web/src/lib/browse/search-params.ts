/** What Next hands a page as `searchParams` once awaited. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

export function toURLSearchParams(raw: RawSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params;
}

/** The first value of a parameter; a repeated `?page=2&page=3` is read as 2. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
