import { differsFromShown, LOT_CHANGE_EVENT, type LotChange } from '../bidding/live-changes';

/**
 * Calls `refresh` when the page's live stream reports a change of a lot the
 * page shows in a state other than the one shown (a fresh stream first
 * resends the current state, which needs no read). Returns the cleanup.
 */
export function watchLotChanges(
  doc: Document,
  shown: () => Record<string, LotChange>,
  refresh: () => void,
): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<(LotChange & { _id?: unknown }) | null>).detail;
    const id = detail?._id;
    if (!detail || typeof id !== 'string') return;
    const current = shown()[id];
    if (current && differsFromShown(current, detail)) refresh();
  };
  doc.addEventListener(LOT_CHANGE_EVENT, listener);
  return () => doc.removeEventListener(LOT_CHANGE_EVENT, listener);
}
