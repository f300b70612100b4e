import { WIRE_CURRENCIES, wireAccountsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { STAFF_WIRE_ACCOUNTS_PATH, signInHref } from '../../../lib/routes';
import { WireAccountForm } from './wire-account-form';

export const metadata: Metadata = { title: 'Wire transfer instructions' };

/**
 * Staff only (decision 0070): the marketplace's receiving bank account per
 * currency. Invoices offer wire only in a currency set here (CAD also needs
 * CAD_WIRE_TRANSFER). Others get the 404 page.
 */
export default async function StaffWireAccountsPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_WIRE_ACCOUNTS_PATH));
  if (!user.roles.some((r) => r === 'staff' || r === 'admin')) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/wire-accounts');
  const parsed = answer.ok ? wireAccountsResponse.safeParse(answer.data) : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Wire transfer instructions</h1>
      <p className={page.lead}>
        The bank account buyers wire to, per currency. Invoices and order pages print it with the order number as the
        reference; a currency without an account offers card payment only.
      </p>
      {!parsed?.success ? (
        <FormMessages error={answer.error?.message ?? 'The wire accounts could not be loaded.'} />
      ) : (
        WIRE_CURRENCIES.map((currency) => {
          const account = parsed.data.wireAccounts.find((a) => a.currency === currency) ?? null;
          return (
            <section key={currency} className={page.card} aria-labelledby={`wire-${currency}-title`}>
              <h2 id={`wire-${currency}-title`} className={page.cardTitle}>
                {currency} account
              </h2>
              <p>
                {account
                  ? `Offered on ${currency} invoices${currency === 'CAD' ? ' (while CAD_WIRE_TRANSFER is on)' : ''}. Last changed ${new Date(account.updatedAt).toUTCString()}.`
                  : `Not set: ${currency} invoices offer no wire transfer.`}
              </p>
              <WireAccountForm currency={currency} account={account} />
            </section>
          );
        })
      )}
    </div>
  );
}
