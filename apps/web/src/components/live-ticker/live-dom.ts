import { PAUSED_TIMER_TEXT, timerText, timerTone } from '../../lib/lots/timer';

/**
 * The data attributes server-rendered cards carry for the page's ticker
 * (decision 0024). A live update (the lot stream of the auction engine)
 * changes a card by writing its price text and these bid attributes; the
 * ticker notices and runs the bid-change hooks.
 */
export const LIVE = {
  /** On a `<time>`: when the lot ends (ms since the epoch). */
  endsAt: 'data-live-ends-at',
  /** On the `<time>`: the upper-case status shown once ended. */
  status: 'data-live-status',
  /** On the `<time>`: the lot's event is paused, so the timer says so instead of counting (decision 0093). */
  paused: 'data-live-paused',
  /** On the `<time>`: the card is highlighted (ending soon), so the timer is red. */
  highlighted: 'data-live-highlighted',
  /** On the price amount: the amount behind the price, and the bid count. */
  bidAmount: 'data-live-bid-amount',
  bidsCount: 'data-live-bids-count',
  /** On a card's root and the lot page's price block: the lot the live stream follows there (decision 0039). */
  lotId: 'data-live-lot-id',
  /** On an auction's price amount: the currency its new price is written in. */
  currency: 'data-live-currency',
  /** The price's label ("Starting bid" until the first bid) and the bid count's text. */
  priceLabel: 'data-live-price-label',
  bidsText: 'data-live-bids-text',
  /** Set while the price bounces (500 ms) and while the bell shows (5000 ms). */
  bouncing: 'data-bouncing',
  ringing: 'data-ringing',
} as const;

/** Spec §9: the price bounces for 500 ms and the bell shows for 5000 ms. */
export const BOUNCE_MS = 500;
export const BELL_MS = 5000;

/**
 * Brings every live timer under `root` to the time `now` (the server's clock):
 * its text, and its tone on the enclosing timer element. A paused lot's timer
 * says so and has no tone: its clock stands still. Writes only what changed,
 * so a tick that changes nothing touches no DOM.
 */
export function tickTimers(root: ParentNode, now: number): void {
  for (const time of root.querySelectorAll<HTMLElement>(`time[${LIVE.endsAt}]`)) {
    const endsAt = Number(time.getAttribute(LIVE.endsAt));
    if (!Number.isFinite(endsAt)) continue;
    const paused = time.hasAttribute(LIVE.paused);
    const text = paused ? PAUSED_TIMER_TEXT : timerText(endsAt, now, time.getAttribute(LIVE.status) ?? '');
    if (time.textContent !== text) time.textContent = text;
    const holder = time.parentElement;
    if (!holder) continue;
    if (paused) {
      if (holder.dataset.tone !== undefined) delete holder.dataset.tone;
      continue;
    }
    const tone = timerTone(endsAt, now, time.hasAttribute(LIVE.highlighted));
    if (holder.dataset.tone !== tone) holder.dataset.tone = tone;
  }
}

/** The hooks' running timeouts per price element. */
const pending = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>[]>();

/** Runs the bid-change hooks on one price element: the price bounces and the card's bell rings. */
export function announceBidChange(amount: HTMLElement, timers: { set: typeof setTimeout; clear: typeof clearTimeout }) {
  // The lot's own holder (a card's article, or the lot page's live price block), so the bell rung is this lot's.
  const card = amount.closest(`[${LIVE.lotId}], article`) ?? amount.parentElement;
  const bell = card?.querySelector<HTMLElement>('svg[aria-label="New bid"]')?.parentElement ?? null;
  amount.setAttribute(LIVE.bouncing, 'true');
  bell?.setAttribute(LIVE.ringing, 'true');
  // A second change while the first still runs restarts both durations.
  for (const id of pending.get(amount) ?? []) timers.clear(id);
  pending.set(amount, [
    timers.set(() => amount.removeAttribute(LIVE.bouncing), BOUNCE_MS),
    timers.set(() => bell?.removeAttribute(LIVE.ringing), BELL_MS),
  ]);
}

/**
 * Escape hides the tooltips (`[data-tip]` wrappers, e.g. the cards' Best
 * Offer tip) shown by hover or focus, until the pointer leaves the wrapper or
 * focus leaves it (WCAG 1.4.13: dismissable without moving). Returns the
 * cleanup.
 */
export function dismissTipsOnEscape(doc: Document): () => void {
  const restore = (event: Event) => {
    const tip = event.currentTarget as HTMLElement;
    tip.removeAttribute('data-tip-dismissed');
    tip.removeEventListener('mouseleave', restore);
    tip.removeEventListener('focusout', restore);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const focused = doc.activeElement?.closest<HTMLElement>('[data-tip]');
    const shown = new Set([...doc.querySelectorAll<HTMLElement>('[data-tip]:hover'), ...(focused ? [focused] : [])]);
    for (const tip of shown) {
      tip.setAttribute('data-tip-dismissed', '');
      tip.addEventListener('mouseleave', restore);
      tip.addEventListener('focusout', restore);
    }
  };
  doc.addEventListener('keydown', onKey);
  return () => doc.removeEventListener('keydown', onKey);
}
