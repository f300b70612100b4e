import 'server-only';
import { wishlistsResponse } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';

/** The signed-in user's wishlist entry for an event, or null (spec §6: looked up only when signed in). */
export async function findEventWishlistId(userId: string, eventId: string): Promise<string | null> {
  const dto = JSON.stringify({ documentId: { in: [eventId] }, documentType: 'event' });
  const answer = await callApi<unknown>(
    'GET',
    `/marketplace/api/identity/users/${encodeURIComponent(userId)}/wishlists?dto=${encodeURIComponent(dto)}`,
  );
  const parsed = wishlistsResponse.safeParse(answer.data);
  return parsed.success ? (parsed.data.wishlists.find((w) => w.documentId === eventId)?._id ?? null) : null;
}
