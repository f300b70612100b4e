import { invitationResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { ACCOUNT_PATH, SIGN_UP_PATH, sellerInvitationPath, signInHref } from '../../../lib/routes';
import { AnswerInvitationForm } from './answer-invitation-form';

export const metadata: Metadata = { title: 'Join a company', robots: { index: false } };

/**
 * An invitation link's page, `/seller/invitations?token=…` (issue 16; decision
 * 0048, 0068): the token is in the query because request logs keep paths.
 * The invited person signs in (or creates and activates an account with the
 * invited address first, the sign-up leading back here), then accepts or
 * declines. The API checks the address, its activation and whether the link
 * still works.
 */
export default async function InvitationPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  if (typeof token !== 'string' || token === '') {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Join a company on Lotline</h1>
        <FormMessages error="This link is incomplete. Open the whole link from the invitation e-mail again." />
      </div>
    );
  }
  const here = sellerInvitationPath(token);
  const user = await getCurrentUser();
  if (!user) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Join a company on Lotline</h1>
        <p className={page.lead}>
          You were invited to act for a seller company. Sign in with the invited e-mail address to accept or decline the
          invitation.
        </p>
        <ul className={page.links}>
          <li>
            <a href={signInHref(here)}>Sign in to answer</a>
          </li>
          <li>
            No account yet?{' '}
            <a href={`${SIGN_UP_PATH}?next=${encodeURIComponent(here)}`}>Create one with the invited address</a> and
            activate it from the e-mail we send; signing in then brings you back here.
          </li>
        </ul>
      </div>
    );
  }
  const answer = await callApi<unknown>(
    'GET',
    `/marketplace-api/seller/invitations?token=${encodeURIComponent(token)}`,
  );
  const parsed = invitationResponse.safeParse(answer.data);
  if (!answer.ok || !parsed.success) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Join a company on Lotline</h1>
        <p role="alert">
          {answer.error?.message ?? 'This invitation could not be loaded. Reload the page to try again.'}
        </p>
        {answer.status === 403 && (
          <ul className={page.links}>
            <li>
              <a href={ACCOUNT_PATH}>Open your account</a>
            </li>
          </ul>
        )}
      </div>
    );
  }
  const { invitation } = parsed.data;
  return (
    <div className={page.page}>
      <h1 className={page.title}>Join {invitation.companyName}?</h1>
      <p className={page.lead}>
        You were invited to join {invitation.companyName} as{' '}
        {invitation.role === 'owner' ? 'an owner' : 'a staff member'}. If you accept, you will run its sales from the
        seller console{invitation.role === 'owner' ? ' and manage its members' : ''}. If you decline, nothing changes
        and the invitation ends.
      </p>
      <AnswerInvitationForm token={token} companyName={invitation.companyName} />
    </div>
  );
}
