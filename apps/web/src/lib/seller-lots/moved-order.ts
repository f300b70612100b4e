/**
 * A list's order (every id, as the row forms post it) with `id` moved first,
 * up or down by one: what the Move buttons of lots, photos and documents send
 * (they work without JavaScript). Null when it cannot move so: already there,
 * an unknown action, or an id the list no longer has.
 */
export function movedOrder(order: string[], id: string, action: FormDataEntryValue | null): string[] | null {
  const at = order.indexOf(id);
  const to = action === 'first' ? 0 : action === 'up' ? at - 1 : action === 'down' ? at + 1 : -1;
  if (at < 0 || to < 0 || to >= order.length || to === at) return null;
  const moved = order.filter((other) => other !== id);
  moved.splice(to, 0, id);
  return moved;
}
