import { canReviewTaxExemptions, featureFlagsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import view from '../../../components/order-view/order-view.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { STAFF_FEATURE_FLAGS_PATH, signInHref } from '../../../lib/routes';
import { FlagSwitch } from './flag-switch';

export const metadata: Metadata = { title: 'Feature flags' };

const SOURCES = {
  database: 'Set here',
  environment: 'Fixed by the deployment (FEATURE_<FLAG>); switching here has no effect until it is removed',
  default: 'Not set: off',
} as const;

/** Staff only (the same roles as the other staff pages): every feature flag, its state and source, a switch each. */
export default async function FeatureFlagsPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_FEATURE_FLAGS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace/api/feature-flags');
  const parsed = answer.ok ? featureFlagsResponse.safeParse(answer.data) : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Feature flags</h1>
      {!parsed?.success ? <FormMessages error="The feature flags could not be loaded." /> : null}
      {parsed?.success ? (
        <table className={view.table}>
          <caption className="visually-hidden">Feature flags</caption>
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">State</th>
              <th scope="col">Source</th>
              <th scope="col">Switch</th>
            </tr>
          </thead>
          <tbody>
            {parsed.data.featureFlags.map((f) => (
              <tr key={f.key}>
                <th scope="row">
                  <code>{f.key}</code>
                </th>
                <td>{f.enabled ? 'On' : 'Off'}</td>
                <td>{SOURCES[f.source]}</td>
                <td>
                  <FlagSwitch flag={f.key} enabled={f.enabled} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
