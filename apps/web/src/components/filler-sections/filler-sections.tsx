import type { FillerSection } from '@lotline/contracts';
import type { WatchState } from '../../lib/watchlist/watch-state';
import { CatalogCard } from '../catalog-card/catalog-card';
import { LotCard } from '../lot-card/lot-card';
import { FILLER_SCROLL_STEP, Scroller } from '../scroller/scroller';
import styles from './filler-sections.module.css';

/**
 * Filler sections of the browse page (spec §2): popular, sold, catalog and
 * trending, each with its upper-cased label, an optional 'See More' link and a
 * row of 200 px cards that the arrows move by 400 px.
 */
export function FillerSections({
  sections,
  now,
  watchOf,
}: {
  sections: FillerSection[];
  now: number;
  watchOf?: (documentId: string) => WatchState;
}) {
  if (sections.length === 0) return null;
  return (
    <div className={styles.sections}>
      {sections.map((section) => {
        const label = section.label.toUpperCase();
        const headingId = `filler-${section._id}`;
        return (
          <section key={section._id} className={styles.section} aria-labelledby={headingId} data-filler={section.type}>
            <div className={styles.head}>
              <h2 id={headingId} className={styles.label}>
                {label}
              </h2>
              {section.seeMoreUrl ? (
                <a href={section.seeMoreUrl} className={styles.seeMore} aria-label={`See More: ${label}`}>
                  {/* The row's name in the text too: search engines read link text, not aria-label. */}
                  See More<span className="visually-hidden">: {label}</span>
                </a>
              ) : null}
            </div>
            <Scroller label={label} step={FILLER_SCROLL_STEP}>
              <ul className={styles.cards}>
                {(section.lots ?? []).map((lot) => (
                  <li key={lot._id} className={styles.item}>
                    <LotCard eventLot={lot._source} view="short" now={now} titleAs="h3" watch={watchOf?.(lot._id)} />
                  </li>
                ))}
                {(section.catalogProducts ?? []).map((product) => (
                  <li key={product.uniqueName} className={styles.item}>
                    <CatalogCard product={product} />
                  </li>
                ))}
              </ul>
            </Scroller>
          </section>
        );
      })}
    </div>
  );
}
