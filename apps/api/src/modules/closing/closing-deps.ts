import type { Mailer } from '../mail/mailer';

/** What the closing clock needs besides the database: the e-mails of a close, and the site's address for their links. */
export interface ClosingDeps {
  mailer: Mailer;
  /** The site's origin, e.g. https://lotline.example (links in e-mails). */
  publicOrigin: string;
}
