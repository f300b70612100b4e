import 'server-only';
import { type Me, me } from '@lotline/contracts';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { callApi } from './api-call.server';
import { hasSessionCookie } from './session-cookie';

/** The signed-in user for this request, or null; asked of the API once per render. */
export const getCurrentUser = cache(async (): Promise<Me | null> => {
  const jar = await cookies();
  if (
    !hasSessionCookie(
      jar
        .getAll()
        .filter((c) => c.value !== '')
        .map((c) => c.name),
    )
  )
    return null;
  const answer = await callApi<unknown>('GET', '/marketplace-api/users/me');
  if (!answer.ok) return null;
  const parsed = me.safeParse(answer.data);
  return parsed.success ? parsed.data : null;
});
