import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import { safeNextPath } from '../../lib/auth/next-path';
import { FORGOT_PASSWORD_PATH, SIGN_UP_PATH } from '../../lib/routes';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await getCurrentUser()) redirect(next);
  return (
    <div className={page.page}>
      <h1 className={page.title}>Sign in</h1>
      {params.reset === '1' ? <FormMessages success="Your password is changed. Sign in with the new one." /> : null}
      {params['signed-up'] === '1' ? (
        <FormMessages success="Check your e-mail: we sent a message to the address you gave. Follow its link to activate your account. You can sign in now." />
      ) : null}
      <div className={page.card}>
        <SignInForm next={next} />
      </div>
      <p className={page.links}>
        <a href={FORGOT_PASSWORD_PATH}>Forgot your password?</a>
        <a href={SIGN_UP_PATH}>Create an account</a>
      </p>
    </div>
  );
}
