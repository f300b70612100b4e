/** Staff's bidder review pages (decision 0080). */
export const STAFF_BIDDER_REVIEW_PATH = '/staff/bidder-review';
export const STAFF_BIDDER_RULES_PATH = '/staff/bidder-review/rules';

/** "120 days", "1 day". */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
