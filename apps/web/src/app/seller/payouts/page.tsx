import type { Payout } from '@lotline/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import view from '../../../components/order-view/order-view.module.css';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { orderPagePath, SELLER_PATH, SELLER_PAYOUTS_PATH, sellerPayoutsPath, signInHref } from '../../../lib/routes';
import { payoutAccountSummary } from '../../../lib/seller-payouts/payout-account';
import { loadPayoutsPage } from '../../../lib/seller-payouts/payouts.server';
import { displayZone } from '../../../lib/time/format';
import { formatDateTime } from '../../../lib/time/format-date';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import { ConnectPayoutAccountForm, RefreshPayoutAccountForm } from './payout-account-forms';

export const metadata: Metadata = { title: 'Payouts' };

const STATUS: Record<Payout['status'], string> = { paid: 'Paid', processing: 'Transfer in progress', failed: 'Failed' };
const METHOD: Record<Payout['method'], string> = { stripe: 'Stripe transfer', manual: 'Bank transfer' };

type Params = { company?: string | string[]; connect?: string | string[] };
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The seller console's payouts (decisions 0079 and 0090): what the marketplace paid the company per order, and
 * where it pays: the payout account, which an owner connects through the payment provider's onboarding (Stripe,
 * or the sandbox's page). The provider sends the browser back here (`connect=return`: the state is asked anew;
 * `connect=refresh`: the link expired, connect again). For the users of a seller company; anyone else is told so.
 */
export default async function SellerPayoutsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const wanted = one(params.company);
  const connect = one(params.connect);
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(wanted ? sellerPayoutsPath(wanted) : SELLER_PAYOUTS_PATH));
  const [data, userZone] = await Promise.all([loadPayoutsPage(wanted, connect === 'return'), getUserTimeZone()]);
  if (data.kind !== 'ok') {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Payouts</h1>
        {data.kind === 'not-seller' ? (
          <p>Only the users of a seller company have a seller console.</p>
        ) : (
          <FormMessages error="Your payouts could not be loaded. Reload the page to try again." />
        )}
      </div>
    );
  }
  const { company, companies, payouts, account } = data;
  const timeZone = displayZone(userZone);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  const summary = payoutAccountSummary(account.account, account.provider);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={SELLER_PATH}>Seller console</a>
      </p>
      <h1 className={page.title}>Payouts of {company.displayName ?? company.name}</h1>
      {companies.length > 1 ? (
        <nav aria-label="Your companies">
          <ul className={page.links}>
            {companies.map((c) => (
              <li key={c._id}>
                <a href={sellerPayoutsPath(c._id)} aria-current={c._id === company._id ? 'page' : undefined}>
                  {c.displayName ?? c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className={page.card} aria-labelledby="payout-account-title">
        <h2 id="payout-account-title" className={page.cardTitle}>
          Payout account
        </h2>
        {connect === 'refresh' ? (
          <FormMessages error="The onboarding link expired or was already used. Continue with a new one." />
        ) : null}
        {data.refreshError && account.canManage ? <FormMessages error={data.refreshError} /> : null}
        <p>{summary.status}</p>
        {account.canManage ? (
          <div className={page.links}>
            <ConnectPayoutAccountForm companyId={company._id} label={summary.action} />
            {account.account?.provider === account.provider ? (
              <RefreshPayoutAccountForm companyId={company._id} />
            ) : null}
          </div>
        ) : (
          <p>Only an owner of the company can connect or change the payout account.</p>
        )}
      </section>
      <section className={page.card} aria-labelledby="payouts-title">
        <h2 id="payouts-title" className={page.cardTitle}>
          Payouts made
        </h2>
        {payouts.length === 0 ? (
          <p>No payout yet. An order is paid out once it is paid and its refund window has passed.</p>
        ) : (
          <table className={view.table}>
            <caption className="visually-hidden">Payouts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">How</th>
                <th scope="col">Reference</th>
                <th scope="col">Released</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p._id}>
                  <th scope="row">
                    <a href={orderPagePath('seller', p.orderId)}>{p.orderNumber}</a>
                  </th>
                  <td>
                    {formatMoney(p.amount, p.currency)}
                    {p.owedBack > 0 ? ` (${formatMoney(p.owedBack, p.currency)} refunded after: owed back)` : ''}
                  </td>
                  <td>
                    {STATUS[p.status]}
                    {p.failureMessage ? `: ${p.failureMessage}` : ''}
                  </td>
                  <td>{METHOD[p.method]}</td>
                  <td>{p.reference ?? '—'}</td>
                  <td>{when(p.createdAt)}</td>
                  <td>{when(p.paidAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
