import {
  type AutoApprovalRule,
  autoApprovalRulesResponse,
  canReviewTaxExemptions,
  staffCompaniesResponse,
} from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import { callApi } from '../../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { formatMoney } from '../../../../lib/format/money';
import { signInHref } from '../../../../lib/routes';
import { daysText, STAFF_BIDDER_REVIEW_PATH, STAFF_BIDDER_RULES_PATH } from '../../../../lib/staff/bidder-review';
import { DeleteRuleForm, NewRuleForm } from './rule-forms';

export const metadata: Metadata = { title: 'Auto-approval rules' };

/** What a rule asks, in words. */
function conditionsOf(r: AutoApprovalRule): string {
  const parts = [
    r.requireVerified ? 'verified' : null,
    r.requireNoUnpaidOrders ? 'no unpaid orders' : null,
    r.minAccountAgeDays === null ? null : `account at least ${daysText(r.minAccountAgeDays)} old`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? 'Any bidder who may register' : parts.join(', ');
}

/**
 * Staff only: each company's auto-approval rules (decision 0080). A new registration for an event of the
 * company that asks approval, by a bidder meeting a rule, is approved at once with the rule's limit.
 */
export default async function AutoApprovalRulesPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_BIDDER_RULES_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const [rulesAnswer, companiesAnswer] = await Promise.all([
    callApi<unknown>('GET', '/marketplace-api/staff/auto-approval-rules'),
    callApi<unknown>('GET', '/marketplace-api/staff/companies?pageSize=100&status=active'),
  ]);
  const rules = autoApprovalRulesResponse.safeParse(rulesAnswer.data);
  const companies = staffCompaniesResponse.safeParse(companiesAnswer.data);
  const list = rules.success ? rules.data.rules : [];

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Auto-approval rules</h1>
      <p>
        <a href={STAFF_BIDDER_REVIEW_PATH}>Back to bidder review</a>
      </p>
      <section className={page.card} aria-labelledby="rules-title">
        <h2 id="rules-title" className={page.cardTitle}>
          Rules ({list.length})
        </h2>
        {!rules.success ? <FormMessages error="The rules could not be loaded. Reload the page." /> : null}
        {rules.success && list.length === 0 ? (
          <p>No company has a rule: every registration waits for a person.</p>
        ) : null}
        {list.length > 0 ? (
          <table aria-label="Auto-approval rules">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Conditions</th>
                <th scope="col">Bid limit</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r._id}>
                  <td>{r.company.name}</td>
                  <td>{conditionsOf(r)}</td>
                  <td>{r.bidLimit === null ? `No limit (${r.currency})` : formatMoney(r.bidLimit, r.currency)}</td>
                  <td>{r.active ? 'Applies' : 'Switched off'}</td>
                  <td>
                    <DeleteRuleForm ruleId={r._id} label={`the rule of ${r.company.name}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <section className={page.card} aria-labelledby="new-rule-title">
        <h2 id="new-rule-title" className={page.cardTitle}>
          New rule
        </h2>
        {companies.success ? (
          <NewRuleForm companies={companies.data.companies.map((c) => ({ id: c._id, name: c.name }))} />
        ) : (
          <FormMessages error="The companies could not be loaded. Reload the page." />
        )}
      </section>
    </div>
  );
}
