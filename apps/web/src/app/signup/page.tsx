import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../components/forms/auth-page.module.css';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import { ACCOUNT_PATH, SIGN_IN_PATH } from '../../lib/routes';
import { SignUpForm } from './sign-up-form';

export const metadata: Metadata = { title: 'Create an account' };

export default async function SignUpPage() {
  if (await getCurrentUser()) redirect(ACCOUNT_PATH);
  return (
    <div className={page.page}>
      <h1 className={page.title}>Create an account</h1>
      <p className={page.lead}>
        Watch lots, contact sellers and bid. We will send you a link to activate your account.
      </p>
      <div className={page.card}>
        <SignUpForm />
      </div>
      <p className={page.links}>
        <span>
          Already have an account? <a href={SIGN_IN_PATH}>Sign in</a>
        </span>
      </p>
    </div>
  );
}
