import { canReviewTaxExemptions, staffUserActivityResponse, staffUserResponse, USER_ROLES } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import { callApi } from '../../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { STAFF_USERS_PATH, signInHref, staffUserPath } from '../../../../lib/routes';
import { displayZone } from '../../../../lib/time/format';
import { getUserTimeZone } from '../../../../lib/time/user-zone.server';
import { UserActivity } from './user-activity';
import { DisableForm, PasswordResetForm, RolesForm } from './user-forms';

export const metadata: Metadata = { title: 'User' };

/**
 * Staff only (decision 0075): one user, with Disable/Enable, the roles
 * (admins only; the API says so to others) and a password reset mail; then
 * what they did (verification, registrations, bids, orders, conversations)
 * and links to their audit entries.
 */
export default async function StaffUserPage({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  const viewer = await getCurrentUser();
  if (!viewer) redirect(signInHref(staffUserPath(userId)));
  if (!canReviewTaxExemptions(viewer.roles)) notFound();
  const base = `/marketplace-api/staff/users/${encodeURIComponent(userId)}`;
  const [answer, activityAnswer, zone] = await Promise.all([
    callApi<unknown>('GET', base),
    callApi<unknown>('GET', `${base}/activity`),
    getUserTimeZone(),
  ]);
  if (answer.status === 404) notFound();
  const parsed = answer.ok ? staffUserResponse.safeParse(answer.data) : null;
  const user = parsed?.success ? parsed.data.user : null;
  const activity = activityAnswer.ok ? staffUserActivityResponse.safeParse(activityAnswer.data) : null;
  const own = viewer.id === userId;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <Link href={STAFF_USERS_PATH}>All users</Link>
      </p>
      <h1 className={page.title}>{user ? user.name : 'User'}</h1>
      {!user ? <FormMessages error={answer.error?.message ?? 'The user could not be loaded.'} /> : null}
      {user ? (
        <>
          <dl className={page.facts}>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Roles</dt>
            <dd>{user.roles.length > 0 ? user.roles.join(', ') : 'None'}</dd>
            <dt>Verified</dt>
            <dd>{user.verified ? 'Yes' : 'No'}</dd>
            <dt>Account</dt>
            <dd>{user.disabled ? 'Disabled: cannot sign in' : 'Enabled'}</dd>
          </dl>
          {own ? <p>This is your own account: another staff member changes it.</p> : null}
          <section className={page.card} aria-labelledby="user-access-title">
            <h2 id="user-access-title" className={page.cardTitle}>
              Access
            </h2>
            <DisableForm userId={user.id} disabled={user.disabled} />
          </section>
          <section className={page.card} aria-labelledby="user-roles-title">
            <h2 id="user-roles-title" className={page.cardTitle}>
              Roles
            </h2>
            <RolesForm userId={user.id} roles={user.roles} allRoles={USER_ROLES} />
          </section>
          <section className={page.card} aria-labelledby="user-reset-title">
            <h2 id="user-reset-title" className={page.cardTitle}>
              Password
            </h2>
            <PasswordResetForm userId={user.id} />
          </section>
          {activity?.success ? (
            <UserActivity userId={user.id} activity={activity.data.activity} timeZone={displayZone(zone)} />
          ) : (
            <FormMessages error={activityAnswer.error?.message ?? "The user's activity could not be loaded."} />
          )}
        </>
      ) : null}
    </div>
  );
}
