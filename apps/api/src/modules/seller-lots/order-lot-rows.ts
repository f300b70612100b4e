import type { Executor } from '@lotline/db';
import type { lotDocuments, lotPhotos } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { assertPermutation } from './order-lots';

/**
 * Puts one lot's photos or documents in the given order, positions 0…n-1
 * (the caller holds the lot's lock). `ids` must name every row of the lot
 * exactly once, else 400 on `field` and nothing changes.
 */
export async function orderLotRows(
  tx: Executor,
  rows: typeof lotPhotos | typeof lotDocuments,
  lotId: string,
  ids: string[],
  { field, what }: { field: string; what: string },
): Promise<void> {
  const current = (await tx.select({ id: rows.id }).from(rows).where(eq(rows.lotId, lotId))) as { id: string }[];
  assertPermutation(
    ids,
    current.map((r) => r.id),
    field,
    what,
  );
  // Two steps: positions are unique per lot, so move every row out of the way first.
  await tx.execute(sql`update ${rows} set position = -1 - position where ${rows.lotId} = ${lotId}`);
  await tx.execute(sql`update ${rows} set position = o.position - 1
    from unnest(${sql.param(ids)}::text[]) with ordinality as o(id, position)
    where ${rows.id} = o.id and ${rows.lotId} = ${lotId}`);
}
