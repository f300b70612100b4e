import nodemailer from 'nodemailer';

/** What the mail worker needs from a transport: nodemailer's, or a test's. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
}

/**
 * SMTP timeouts (decision 0028): a server that does not answer fails the attempt
 * instead of holding the worker; the worker retries later. Query parameters of
 * SMTP_URL (`?socketTimeout=60000`) override them.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export function createSmtpTransport(
  smtpUrl: string,
  timeouts: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>> = {},
): MailTransport {
  return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, ...timeouts });
}
