import type { Metadata } from 'next';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { ActivateForm } from './activate-form';

export const metadata: Metadata = { title: 'Confirm your e-mail address' };

export default async function ActivatePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <div className={page.page}>
      <h1 className={page.title}>Confirm your e-mail address</h1>
      {typeof token === 'string' && token !== '' ? (
        <div className={page.card}>
          <ActivateForm token={token} />
        </div>
      ) : (
        <FormMessages error="This link is incomplete. Open the link from the e-mail again, or ask for a new one on your account page." />
      )}
    </div>
  );
}
