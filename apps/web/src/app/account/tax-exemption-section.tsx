import {
  TAX_REGIONS,
  type TaxExemption,
  type TaxExemptionStatus,
  taxExemptionsResponse,
  verificationState,
} from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { callApi } from '../../lib/auth/api-call.server';
import { formatDay } from '../../lib/time/format';
import styles from './addresses.module.css';
import { TaxExemptionForm } from './tax-exemption-form';

const REGION_NAMES = new Map<string, string>(TAX_REGIONS);
export const EXEMPTION_STATUS_LABELS: Record<TaxExemptionStatus, string> = {
  'in-review': 'In review',
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};
export const regionName = (code: string) => REGION_NAMES.get(code) ?? code;

/**
 * The account page's Tax exemption section, for resellers (spec §3 "The value
 * 'Reseller' triggers the tax exemption step", §4): whether the step is done,
 * the certificates sent and their review, and the form to send one.
 */
export async function TaxExemptionSection({ userId, timeZone }: { userId: string; timeZone: string }) {
  const id = encodeURIComponent(userId);
  const [listed, steps] = await Promise.all([
    callApi<unknown>(
      'GET',
      `/ars/api/v2/identity/tax-exemptions/user?documentId=${id}&documentType=user&sort=-createdAt`,
    ),
    callApi<unknown>('GET', `/marketplace-api/users/${id}/verification`),
  ]);
  const parsed = taxExemptionsResponse.safeParse(listed.data);
  const exemptions = parsed.success ? parsed.data.taxExemptions : [];
  const state = verificationState.safeParse(steps.data);
  const done = state.success && state.data.taxExemptionSatisfied;

  return (
    <section className={page.card} aria-labelledby="tax-exemption-title">
      <h2 id="tax-exemption-title" className={page.cardTitle}>
        Tax exemption
      </h2>
      {!parsed.success || !state.success ? (
        <FormMessages error="Your tax exemptions could not be loaded. Reload the page to try again." />
      ) : (
        <p>
          <strong>Tax exemption step: {done ? 'Complete' : 'Missing'}.</strong>{' '}
          {done
            ? 'A certificate in review or active counts for verification.'
            : 'As a reseller, send your resale or exemption certificate to be verified for bidding.'}
        </p>
      )}
      {exemptions.length > 0 ? (
        <ul className={styles.list} aria-label="Your tax exemption certificates">
          {exemptions.map((e) => (
            <ExemptionItem key={e._id} exemption={e} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
      <h3 className={styles.subtitle}>Send a certificate</h3>
      <TaxExemptionForm />
    </section>
  );
}

function ExemptionItem({ exemption: e, timeZone }: { exemption: TaxExemption; timeZone: string }) {
  const label = `Certificate for ${regionName(e.region)}: ${EXEMPTION_STATUS_LABELS[e.status]}`;
  return (
    <li className={styles.item} aria-label={label}>
      <dl className={page.facts}>
        <dt>Status</dt>
        <dd>{EXEMPTION_STATUS_LABELS[e.status]}</dd>
        <dt>Region</dt>
        <dd>{regionName(e.region)}</dd>
        <dt>Sent</dt>
        <dd>{formatDay(e.createdAt, timeZone)}</dd>
        {e.expiresAt ? (
          <>
            <dt>{e.status === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd>{formatDay(e.expiresAt, timeZone)}</dd>
          </>
        ) : null}
      </dl>
      <a href={e.fileUrl} target="_blank" rel="noopener">
        Open the certificate<span className="visually-hidden"> for {regionName(e.region)}</span>
      </a>
    </li>
  );
}
