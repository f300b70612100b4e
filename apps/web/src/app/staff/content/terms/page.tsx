import { staffTermsVersionsResponse, TERMS_MARKDOWN_MAX } from '@lotline/contracts';
import type { Metadata } from 'next';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import forms from '../../../../components/forms/forms.module.css';
import view from '../../../../components/order-view/order-view.module.css';
import { callApi } from '../../../../lib/auth/api-call.server';
import { Markdown } from '../../../../lib/markdown/markdown';
import { TERMS_OF_USE_PATH } from '../../../../lib/routes';
import { STAFF_TERMS_PATH } from '../../../../lib/staff/content';
import { publishTermsAction } from '../../../../lib/staff/content-actions';
import styles from '../content.module.css';
import { one, requireStaffPage } from '../staff-page.server';

export const metadata: Metadata = { title: 'Terms of Use versions' };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * Staff only (decision 0084): the Terms of Use in force, rendered as the
 * public page renders it, its Markdown to edit into the next version, and
 * every version published. Publishing asks every bidder to agree again.
 */
export default async function StaffTermsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage(STAFF_TERMS_PATH);
  const query = await searchParams;
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/terms-versions');
  const parsed = staffTermsVersionsResponse.safeParse(answer.data);
  const current = parsed.success ? parsed.data.versions[0] : undefined;
  if (!answer.ok || !parsed.success || !current) {
    return (
      <div className={`${page.page} ${page.wide}`}>
        <h1 className={page.title}>Terms of Use</h1>
        <FormMessages error="The Terms of Use could not be loaded. Reload the page." />
      </div>
    );
  }
  const published = one(query.published);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Terms of Use</h1>
      <p>
        Version {current.number} is in force (<a href={TERMS_OF_USE_PATH}>the public page</a>). A new version is
        published as the next number; older versions are kept, and every bidder must agree to the new one before they
        bid or register again. Accounts created after it is published agree by signing up.
      </p>
      <FormMessages
        error={one(query.error) || undefined}
        success={published ? `Version ${published} is published and in force.` : undefined}
      />
      <form action={publishTermsAction} className={forms.form} aria-label="Next version">
        <input type="hidden" name="basedOn" value={current.number} />
        <div className={forms.field}>
          <label htmlFor="terms-markdown" className={forms.label}>
            Version {current.number + 1} (Markdown)
          </label>
          <textarea
            id="terms-markdown"
            name="markdown"
            className={`${forms.input} ${styles.markdown}`}
            defaultValue={current.markdown}
            maxLength={TERMS_MARKDOWN_MAX}
            required
            aria-describedby="terms-markdown-hint"
          />
          <span id="terms-markdown-hint" className={forms.hint}>
            Headings start with ## and may end with {'{#anchor}'} for the contents list; HTML is shown as text.
          </span>
        </div>
        <p>
          <button type="submit" className="button">
            Publish version {current.number + 1}
          </button>
        </p>
      </form>
      <section aria-labelledby="terms-current">
        <h2 id="terms-current">Version {current.number} as the public page shows it</h2>
        <div className={styles.preview}>
          <Markdown markdown={current.markdown} />
        </div>
      </section>
      <section aria-labelledby="terms-versions">
        <h2 id="terms-versions">Versions</h2>
        <table className={view.table}>
          <caption className="visually-hidden">Versions of the Terms of Use</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published (UTC)</th>
              <th scope="col">Length</th>
            </tr>
          </thead>
          <tbody>
            {parsed.data.versions.map((v) => (
              <tr key={v.number}>
                <td>{v.number}</td>
                <td>{DAY.format(new Date(v.publishedAt))}</td>
                <td>{v.markdown.length.toLocaleString('en-US')} characters</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
