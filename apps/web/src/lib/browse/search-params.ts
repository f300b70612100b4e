import { textProblem } from '@lotline/contracts/text';

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

/**
 * The first value of a parameter; a repeated `?page=2&page=3` is read as 2. A value the API
 * would refuse (a NUL or other control character, a lone surrogate: decision 0028) is dropped
 * like any malformed value, so the page still renders instead of failing on the API's 400.
 */
export function firstValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || textProblem(first) ? undefined : first;
}
