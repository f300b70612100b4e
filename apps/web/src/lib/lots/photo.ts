/** Served from apps/web/public; used whenever a lot has no photo, so a page never shows a broken image. */
export const PLACEHOLDER_SRC = '/images/lot-placeholder.svg';

/** Eager and high priority for the photo that is the page's largest paint; lazy for every other. */
export function photoLoading(first: boolean) {
  return first ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
}
