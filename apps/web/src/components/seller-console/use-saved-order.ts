'use client';

import { useEffect, useState, useTransition } from 'react';
import type { OrderAnswer } from '../../lib/seller-lots/order-actions';

/**
 * The order a `SortableList` shows (decision 0055): a drop moves the items at
 * once and saves the new order through `save` (a server action); a refused
 * save puts the old order back. `onSaved` hears every answer (to show its
 * message). New `given` items from the server replace the shown ones.
 */
export function useSavedOrder<T extends { _id: string }>(
  given: T[],
  save: (ids: string[]) => Promise<OrderAnswer>,
  onSaved: (answer: OrderAnswer) => void,
) {
  const [items, setItems] = useState(given);
  const [, startTransition] = useTransition();
  useEffect(() => setItems(given), [given]);
  function onMove(next: string[]) {
    const before = items;
    setItems(next.map((id) => items.find((item) => item._id === id) as T));
    startTransition(async () => {
      const answer = await save(next);
      if (!answer.ok) setItems(before);
      onSaved(answer);
    });
  }
  return { items, ids: items.map((item) => item._id), onMove };
}
