import type { Metadata } from 'next';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { FORGOT_PASSWORD_PATH } from '../../lib/routes';
import { ResetPasswordForm } from './reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <div className={page.page}>
      <h1 className={page.title}>Choose a new password</h1>
      {typeof token === 'string' && token !== '' ? (
        <div className={page.card}>
          <ResetPasswordForm token={token} />
        </div>
      ) : (
        <>
          <FormMessages error="This link is incomplete. Open the link from the e-mail again, or ask for a new one." />
          <p className={page.links}>
            <a href={FORGOT_PASSWORD_PATH}>Ask for a new link</a>
          </p>
        </>
      )}
    </div>
  );
}
