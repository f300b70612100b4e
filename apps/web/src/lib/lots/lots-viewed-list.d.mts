export const LOTS_VIEWED_COOKIE: 'lots_viewed';
export const LOTS_VIEWED_MAX: number;
export function nextLotsViewed(cookieValue: string | undefined, lotId: string): string[];
