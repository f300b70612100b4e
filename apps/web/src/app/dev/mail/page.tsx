import { outboxResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Fragment } from 'react';
import page from '../../../components/forms/auth-page.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import styles from './mail.module.css';

export const metadata: Metadata = { title: 'Local mail', robots: { index: false } };

/** Links in a plain-text mail made clickable; everything else stays text (no mail HTML is rendered). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * The mail the API stored instead of sending (no SMTP_URL). The API serves the
 * list only with NODE_ENV=development (decision 0070), so this page is a 404 in any deployment.
 */
export default async function LocalMailPage() {
  const answer = await callApi<unknown>('GET', '/marketplace-api/dev/outbox');
  if (answer.status === 404) notFound();
  const parsed = outboxResponse.safeParse(answer.data);
  if (!parsed.success) throw new Error('The local mail outbox could not be read.');
  const { messages } = parsed.data;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Local mail</h1>
      <p className={page.lead}>
        No mail server is configured (SMTP_URL), so mail is kept here instead of being sent. Newest first.
      </p>
      {messages.length === 0 ? <p>No mail yet.</p> : null}
      {messages.map((m) => (
        <article key={m.id} className={page.card} aria-labelledby={`mail-${m.id}`}>
          <h2 id={`mail-${m.id}`} className={page.cardTitle}>
            {m.subject}
          </h2>
          <dl className={page.facts}>
            <dt>To</dt>
            <dd>{m.to}</dd>
            <dt>Sent</dt>
            <dd>
              <time dateTime={m.createdAt}>{new Date(m.createdAt).toUTCString()}</time>
            </dd>
          </dl>
          <p className={styles.body}>
            <Linkified text={m.text} />
          </p>
          {m.attachments.length > 0 ? (
            <ul aria-label="Attachments">
              {m.attachments.map((a) => (
                <li key={a.url}>
                  <a href={a.url}>{a.filename}</a> ({a.contentType})
                </li>
              ))}
            </ul>
          ) : null}
        </article>
      ))}
    </div>
  );
}
