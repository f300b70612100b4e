import type { FeatureFlag } from '@lotline/contracts';
import type { Mailer } from '../mail/mailer';

/** What the closing clock needs besides the database: the e-mails of a close, and the site's address for their links. */
export interface ClosingDeps {
  mailer: Mailer;
  /** The site's origin, e.g. https://lotline.example (links in e-mails). */
  publicOrigin: string;
  /** The deployment's flag overrides (config.featureOverrides): the order e-mails' invoice follows them. */
  featureOverrides?: Partial<Record<FeatureFlag, boolean>>;
}
