import type { CatalogProductCard, FillerSection, LotCard as LotCardData } from '@lotline/contracts';
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
        return (
          <FillerRow
            key={section._id}
            id={`filler-${section._id}`}
            label={label}
            text={section.text}
            type={section.type}
            seeMore={
              section.seeMoreUrl
                ? {
                    href: section.seeMoreUrl,
                    text: 'See More',
                    ariaLabel: `See More: ${label}`,
                    hiddenText: `: ${label}`,
                  }
                : null
            }
            lots={section.lots ?? []}
            catalogProducts={section.catalogProducts ?? []}
            now={now}
            watchOf={watchOf}
          />
        );
      })}
    </div>
  );
}

/**
 * One labelled row of 200 px cards (lots, then catalog products) in an arrow
 * scroller, with an optional link to see them all. Used by the filler
 * sections and by the home page's rows.
 */
export function FillerRow({
  id,
  label,
  text,
  type,
  seeMore,
  lots,
  catalogProducts = [],
  now,
  watchOf,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  label: string;
  /** A line staff wrote under the label (decision 0084). */
  text?: string | undefined;
  type?: string;
  /**
   * `text` should say where the link goes; where it cannot (the spec's 'See More'), `ariaLabel` names it for
   * screen readers and `hiddenText` follows the text for search engines, which read link text, not aria-label.
   */
  seeMore: { href: string; text: string; ariaLabel?: string; hiddenText?: string } | null;
  lots: LotCardData[];
  catalogProducts?: CatalogProductCard[];
  now: number;
  watchOf?: (documentId: string) => WatchState;
}) {
  return (
    <section className={styles.section} aria-labelledby={id} data-filler={type}>
      <div className={styles.head}>
        <h2 id={id} className={styles.label}>
          {label}
        </h2>
        {seeMore ? (
          <a href={seeMore.href} className={styles.seeMore} aria-label={seeMore.ariaLabel}>
            {seeMore.text}
            {seeMore.hiddenText ? <span className="visually-hidden">{seeMore.hiddenText}</span> : null}
          </a>
        ) : null}
      </div>
      {text ? <p className={styles.text}>{text}</p> : null}
      <Scroller label={label} step={FILLER_SCROLL_STEP}>
        <ul className={styles.cards}>
          {lots.map((lot) => (
            <li key={lot._id} className={styles.item}>
              <LotCard eventLot={lot._source} view="short" now={now} titleAs="h3" watch={watchOf?.(lot._id)} />
            </li>
          ))}
          {catalogProducts.map((product) => (
            <li key={product.uniqueName} className={styles.item}>
              <CatalogCard product={product} />
            </li>
          ))}
        </ul>
      </Scroller>
    </section>
  );
}
