'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { sellerEventLotsPath, sellerLotPath } from './paths';

/**
 * The console widgets' server actions (decision 0055): a dropped order, a
 * table's bulk action. The API decides and checks who may; these carry the
 * request and answer `{ ok, message }` for the widget to show (and revert on).
 */

export type OrderAnswer = { ok: boolean; message: string };

const firstError = (answer: Awaited<ReturnType<typeof callApi>>) =>
  answer.errors[0]?.message ?? 'That did not work. Try again.';

/** A dragged-and-dropped order of an event's lots (`PUT …/lots/order`). */
export async function reorderLotsAction(eventId: string, lotIds: string[]): Promise<OrderAnswer> {
  const answer = await callApi('PUT', `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/lots/order`, {
    lotIds,
  });
  if (!answer.ok) return { ok: false, message: firstError(answer) };
  revalidatePath(sellerEventLotsPath(eventId));
  return { ok: true, message: 'Lots reordered.' };
}

/** A dragged-and-dropped order of a lot's photos or documents (`PUT …/photos/order`, `PUT …/documents/order`). */
async function reorderOnLot(lotId: string, what: 'photos' | 'documents', body: object): Promise<OrderAnswer> {
  const answer = await callApi('PUT', `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}/${what}/order`, body);
  if (!answer.ok) return { ok: false, message: firstError(answer) };
  revalidatePath(sellerLotPath(lotId));
  return { ok: true, message: what === 'photos' ? 'Photos reordered.' : 'Documents reordered.' };
}

export async function reorderPhotosAction(lotId: string, photoIds: string[]): Promise<OrderAnswer> {
  return reorderOnLot(lotId, 'photos', { photoIds });
}

/** Documents stay orderable after publishing (decision 0056); the public lot lists them in this order. */
export async function reorderDocumentsAction(lotId: string, documentIds: string[]): Promise<OrderAnswer> {
  return reorderOnLot(lotId, 'documents', { documentIds });
}

/**
 * The table's bulk "Copy selected" / "Delete selected": one existing call per
 * lot, in the table's order; it stops at the first refusal and says how far it got.
 */
export async function bulkLotsAction(
  eventId: string,
  action: 'copy' | 'delete',
  lotIds: string[],
): Promise<OrderAnswer> {
  let done = 0;
  for (const lotId of lotIds) {
    const lot = `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}`;
    const answer = action === 'copy' ? await callApi('POST', `${lot}/copy`) : await callApi('DELETE', lot);
    if (!answer.ok) {
      revalidatePath(sellerEventLotsPath(eventId));
      return { ok: false, message: `${firstError(answer)} (${done} of ${lotIds.length} done.)` };
    }
    done++;
  }
  revalidatePath(sellerEventLotsPath(eventId));
  const lots = `${done} lot${done === 1 ? '' : 's'}`;
  return { ok: true, message: action === 'copy' ? `${lots} copied: the copies are last.` : `${lots} deleted.` };
}
