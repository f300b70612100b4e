import type { Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';
import type { EventRow, LotRow } from '../sellers/company-access';

/**
 * What a change to a published lot is, for the people who follow it (decision 0064). The name and the
 * description, the other facts of the form (prices before anyone committed, logistics, values, category),
 * the photos and the documents: each said in the announcement.
 */
export const LOT_CHANGE_KINDS = ['description', 'details', 'photos', 'documents'] as const;
export type LotChangeKind = (typeof LOT_CHANGE_KINDS)[number];

/** The form's columns that are the lot's text; any other changed column is one of its `details`. */
const TEXT_COLUMNS = new Set(['name', 'description']);
/** Columns the form derives from others (the location's coordinates follow the location). */
const DERIVED_COLUMNS = new Set(['lat', 'lon']);

/** What a PUT of the lot form changes, compared with the row before it. */
export function lotEditKinds(before: LotRow, after: Record<string, unknown>): LotChangeKind[] {
  const kinds = new Set<LotChangeKind>();
  for (const [column, value] of Object.entries(after)) {
    if (DERIVED_COLUMNS.has(column) || !(column in before)) continue;
    const old = (before as unknown as Record<string, unknown>)[column];
    if (sameValue(old, value)) continue;
    kinds.add(TEXT_COLUMNS.has(column) ? 'description' : 'details');
  }
  return LOT_CHANGE_KINDS.filter((k) => kinds.has(k));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return String(a) === String(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (a ?? null) === (b ?? null);
}

/**
 * Records, in the caller's transaction (the seller's edit), that a lot out of a draft changed: the kinds join
 * those not announced yet, and the first pending change keeps its time. A draft's lot has nobody to tell.
 * The announcing job (announce-lot-changes.ts) mails the lot's followers and empties the row.
 */
export async function noteLotChange(
  tx: Executor,
  event: Pick<EventRow, 'status'>,
  lotId: string,
  kinds: readonly LotChangeKind[],
): Promise<void> {
  if (event.status === 'draft' || kinds.length === 0) return;
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into lot_change_notices as n (lot_id, changes, pending_since) values (${lotId}, array[${list}]::text[], now())
    on conflict (lot_id) do update set
      changes = array(select distinct c from unnest(n.changes || excluded.changes) as c order by c),
      pending_since = coalesce(n.pending_since, excluded.pending_since)`);
}
