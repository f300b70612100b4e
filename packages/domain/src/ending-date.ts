import type { SearchSaleFormat, SearchStatus } from '@lotline/contracts/constants';

/** Spec §5: the ending-date windows, in days from now. */
export const ENDING_DATE_DAYS = { '48-hours': 2, 'this-week': 7 } as const;
export type EndingDateWindow = keyof typeof ENDING_DATE_DAYS;

const DAY_MS = 86_400_000;

/**
 * Spec §4/§5: the ending-date filter means nothing for past lots (they have
 * ended) or buy-now listings (they have no auction end): it is not offered,
 * choosing those views clears it, and the search ignores it there.
 */
export function endingDateApplies(view: {
  status?: SearchStatus | undefined;
  saleFormat?: SearchSaleFormat | undefined;
}): boolean {
  return view.status !== 'past' && view.saleFormat !== 'buy-now';
}

/** The latest end a lot may have to fall in the window. */
export function endingDateBound(now: Date, window: EndingDateWindow): Date {
  return new Date(now.getTime() + ENDING_DATE_DAYS[window] * DAY_MS);
}

/** The windows in order, shortest first. */
export const ENDING_DATE_WINDOWS = Object.keys(ENDING_DATE_DAYS) as EndingDateWindow[];
