import 'server-only';
import { canReviewTaxExemptions } from '@lotline/contracts';
import { notFound, redirect } from 'next/navigation';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { signInHref } from '../../../lib/routes';

/** Staff only, as every staff page: a visitor is sent to sign in, anyone else gets the 404 page. */
export async function requireStaffPage(path: string): Promise<void> {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(path));
  if (!canReviewTaxExemptions(user.roles)) notFound();
}

/** One search parameter's text, or ''. */
export const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
