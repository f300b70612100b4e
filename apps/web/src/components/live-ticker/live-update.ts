import type { LiveLotEvent } from '@lotline/contracts';
import { formatMoney } from '../../lib/format/money';
import { bidsText } from '../../lib/lots/bids-text';
import { LIVE } from './live-dom';

/** The event every `lot` event of the live stream is also dispatched as, on `document` (the bid panel listens). */
export const LOT_CHANGE_EVENT = 'lotline:lot-change';

/** The label of an auction's price once it has a bid (as the card model writes it). */
const CURRENT_BID_LABEL = 'Current bid';

function setText(element: Element | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function setAttribute(element: Element | null, name: string, value: string): void {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Writes one lot's new state into every place the page shows it (cards and
 * the lot page's price block, found by `data-live-lot-id`): the price text
 * and label, the bid attributes (whose change makes the ticker bounce the
 * price and ring the bell), the bid count's text, the timer's end (the
 * countdown follows an extended end), the status it shows once ended and
 * whether its event is paused.
 * Writes only what changed, so a repeated state changes nothing.
 */
export function applyLotChange(root: ParentNode, lot: LiveLotEvent): void {
  for (const holder of root.querySelectorAll(`[${LIVE.lotId}]`)) {
    if (holder.getAttribute(LIVE.lotId) !== lot._id) continue;
    const amount = holder.querySelector(`[${LIVE.bidAmount}]`);
    const currency = amount?.getAttribute(LIVE.currency);
    if (amount && currency) {
      if (lot.currentBid) {
        setText(amount, formatMoney(lot.currentBid.amount, currency));
        setText(holder.querySelector(`[${LIVE.priceLabel}]`), CURRENT_BID_LABEL);
      }
      setAttribute(amount, LIVE.bidAmount, lot.currentBid ? String(lot.currentBid.amount) : '');
      setAttribute(amount, LIVE.bidsCount, String(lot.bidsCount));
      setText(holder.querySelector(`[${LIVE.bidsText}]`), bidsText(lot.bidsCount));
    }
    const time = holder.querySelector(`time[${LIVE.endsAt}]`);
    if (time && lot.endedAt) {
      const endsAt = Date.parse(lot.endedAt);
      setAttribute(time, LIVE.endsAt, String(endsAt));
      setAttribute(time, 'datetime', new Date(endsAt).toISOString());
    }
    setAttribute(time, LIVE.status, lot.status.toUpperCase());
    // A pause stops the countdown and a resume restarts it, with the end moved by the paused time (decision 0093);
    // the ticker writes the text.
    if (time && lot.paused) setAttribute(time, LIVE.paused, 'true');
    else time?.removeAttribute(LIVE.paused);
  }
}
