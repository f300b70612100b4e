import type { Token, Tokens } from 'marked';
import { fetchCurrentTerms } from '../../../../lib/content/content.server';
import { headingParts, MarkdownBlock, MarkdownBlocks, markdownBlocks } from '../../../../lib/markdown/markdown';
import { TERMS_OF_USE_PATH } from '../../../../lib/routes';
import { pageMetadata } from '../../../../lib/seo/page-metadata';
import styles from './page.module.css';
import { TermsAgreement } from './terms-agreement';

export const metadata = pageMetadata({
  title: 'Terms of Use',
  description:
    "Lotline's terms of use for buyers and sellers: accounts, verification, bid deposits, bidding, payment, removal, sellers' duties, liability and governing law.",
  path: TERMS_OF_USE_PATH,
  type: 'article',
});

// Staff publish new versions (decision 0084): the page reads the version in force on each request.
export const dynamic = 'force-dynamic';

interface Section {
  id: string;
  heading: Tokens.Heading;
  body: Token[];
}

/** The document's opening blocks, then one section per second-level heading (the contents list links to each). */
function splitSections(tokens: Token[]): { intro: Token[]; sections: Section[] } {
  const intro: Token[] = [];
  const sections: Section[] = [];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      const heading = token as Tokens.Heading;
      const id = headingParts(heading.text).id ?? `section-${sections.length + 1}`;
      sections.push({ id, heading, body: [] });
    } else if (sections.length > 0) {
      sections.at(-1)?.body.push(token);
    } else {
      intro.push(token);
    }
  }
  return { intro, sections };
}

/** "10. Liability {#liability}" is listed in the contents as "Liability". */
const contentsTitle = (heading: Tokens.Heading) => headingParts(heading.text).title.replace(/^\d+\.\s+/, '');

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Legal terms page (spec §2): the version of the Terms of Use in force, its
 * date and a contents list of its sections, all rendered on the server from
 * the staff's Markdown (no raw HTML, decision 0084).
 */
export default async function TermsOfUsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const terms = await fetchCurrentTerms();
  const { intro, sections } = splitSections(markdownBlocks(terms.markdown));
  const published = new Date(terms.publishedAt);
  return (
    <article className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>Terms of Use</h1>
        <p className={styles.updated}>
          Last updated <time dateTime={terms.publishedAt.slice(0, 10)}>{DAY.format(published)}</time> (version{' '}
          {terms.number})
        </p>
        <MarkdownBlocks tokens={intro} keyPrefix="intro" />
      </header>
      <TermsAgreement
        version={terms.number}
        agreed={query.agreed === '1'}
        error={typeof query.error === 'string' ? query.error.slice(0, 300) : ''}
      />
      {sections.length > 0 ? (
        <nav aria-labelledby="terms-contents" className={styles.contents}>
          <h2 id="terms-contents" className={styles.contentsTitle}>
            Contents
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{contentsTitle(section.heading)}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className={styles.section}>
          <MarkdownBlock
            token={{ ...section.heading, text: `${headingParts(section.heading.text).title} {#${section.id}}` }}
            id={`${section.id}-h`}
            headingClass={styles.heading}
          />
          <MarkdownBlocks tokens={section.body} keyPrefix={section.id} />
        </section>
      ))}
    </article>
  );
}
