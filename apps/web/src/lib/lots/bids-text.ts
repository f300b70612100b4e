/** The card's bid count ("1 bid", "1,234 bids"); the live stream rewrites it with the same words. */
export function bidsText(count: number): string {
  return count === 1 ? '1 bid' : `${count.toLocaleString('en-US')} bids`;
}
