import { TERMS_OF_USE_PATH } from '../../../../lib/routes';
import { pageMetadata } from '../../../../lib/seo/page-metadata';
import styles from './page.module.css';
import { TERMS_SECTIONS, TERMS_UPDATED } from './terms-text';

export const metadata = pageMetadata({
  title: 'Terms of Use',
  description:
    "Lotline's terms of use for buyers and sellers: accounts, verification, bid deposits, bidding, payment, removal, sellers' duties, liability and governing law.",
  path: TERMS_OF_USE_PATH,
  type: 'article',
});

/** Legal terms page (spec §2): a static document, rendered once at build time, with no client code. */
export default function TermsOfUsePage() {
  return (
    <article className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>Terms of Use</h1>
        <p className={styles.updated}>
          Last updated <time dateTime={TERMS_UPDATED.iso}>{TERMS_UPDATED.text}</time>
        </p>
        <p>
          These terms apply to everyone who uses Lotline: visitors, buyers and bidders, and the companies that sell on
          it. By creating an account, bidding, buying or listing assets you agree to them.
        </p>
      </header>
      <nav aria-labelledby="terms-contents" className={styles.contents}>
        <h2 id="terms-contents" className={styles.contentsTitle}>
          Contents
        </h2>
        <ol>
          {TERMS_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={styles.section}>
          <h2 id={`${section.id}-title`} className={styles.heading}>
            {index + 1}. {section.title}
          </h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.points ? (
            <ul>
              {section.points.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
