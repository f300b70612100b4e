import type { Metadata } from 'next';
import page from '../../components/forms/auth-page.module.css';
import { SIGN_IN_PATH } from '../../lib/routes';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgot your password?' };

export default function ForgotPasswordPage() {
  return (
    <div className={page.page}>
      <h1 className={page.title}>Forgot your password?</h1>
      <p className={page.lead}>
        Enter the e-mail address of your account and we will send you a link to choose a new one.
      </p>
      <div className={page.card}>
        <ForgotPasswordForm />
      </div>
      <p className={page.links}>
        <a href={SIGN_IN_PATH}>Back to sign in</a>
      </p>
    </div>
  );
}
