import { escapeHtml } from '../../../lib/html';
import type { MailMessage } from '../mailer';

/**
 * The frame of every Lotline e-mail: a greeting, a few lines and one link, as
 * plain text first (it is what many mail clients show) plus a minimal HTML part.
 */
export function mailWithAction(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: [string, string],
) {
  const [label, url] = action;
  const text = [`Hello ${greeting},`, '', ...lines, '', `${label}: ${url}`, '', '— Lotline'].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(greeting)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
    '<p>— Lotline</p>',
  ].join('\n');
  return { to, subject, text, html } satisfies MailMessage;
}
