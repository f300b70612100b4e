import 'server-only';
import { SELLER_EVENTS_PATH } from '@lotline/contracts/page-paths';
import { redirect } from 'next/navigation';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { signInHref } from '../../../lib/routes';

/** The seller event pages' visitor rule: sign in first, then come back here. */
export async function requireSignedIn(back: string = SELLER_EVENTS_PATH) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(back));
  return user;
}

export const NOT_A_SELLER = 'Only the users of a seller company have a seller console.';
