/**
 * The page of a thread a URL asks for (`?page=2` is the second-newest page);
 * anything that is not a whole number from 1 to 10,000 is the newest page.
 */
export function threadPageOf(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^[1-9]\d{0,4}$/.test(value)) return 1;
  const page = Number(value);
  return page <= 10_000 ? page : 1;
}

/** The address of a page of a thread: the newest page has no `page` parameter. */
export function threadPageHref(threadPath: string, page: number): string {
  return page <= 1 ? threadPath : `${threadPath}?page=${page}`;
}
