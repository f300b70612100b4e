import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../components/forms/auth-page.module.css';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import { safeNextPath } from '../../lib/auth/next-path';
import { ACCOUNT_PATH, SIGN_IN_PATH, signInHref } from '../../lib/routes';
import { SignUpForm } from './sign-up-form';

export const metadata: Metadata = { title: 'Create an account' };

/** `?next=`: a page of this site to return to after signing in (an invitation link, decision 0068). */
export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNextPath((await searchParams).next, '') || undefined;
  if (await getCurrentUser()) redirect(next ?? ACCOUNT_PATH);
  return (
    <div className={page.page}>
      <h1 className={page.title}>Create an account</h1>
      <p className={page.lead}>
        Watch lots, contact sellers and bid. We will send you a link to activate your account.
      </p>
      <div className={page.card}>
        <SignUpForm next={next} />
      </div>
      <p className={page.links}>
        <span>
          Already have an account? <a href={next ? signInHref(next) : SIGN_IN_PATH}>Sign in</a>
        </span>
      </p>
    </div>
  );
}
