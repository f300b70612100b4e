import type { LotCard as LotCardData } from '@lotline/contracts';
import type { BrowseExtras } from '../../lib/browse/browse-extras.server';
import { type Banner, BUY_NOW_LINK } from '../../lib/browse/info-banners';
import type { WatchState } from '../../lib/watchlist/watch-state';
import { FeaturedSellers } from '../featured-sellers/featured-sellers';
import { FillerSections } from '../filler-sections/filler-sections';
import fillerStyles from '../filler-sections/filler-sections.module.css';
import { LotCard } from '../lot-card/lot-card';
import { RecentlyViewed } from '../recently-viewed/recently-viewed';
import { FILLER_SCROLL_STEP, Scroller } from '../scroller/scroller';
import styles from './browse-extras.module.css';

function BannerText({ banner }: { banner: Banner }) {
  if (!banner.buyNowLink) return banner.text;
  const at = banner.text.indexOf(BUY_NOW_LINK.text);
  if (at < 0) return banner.text;
  return (
    <>
      {banner.text.slice(0, at)}
      <a href={BUY_NOW_LINK.href}>{BUY_NOW_LINK.text}</a>
      {banner.text.slice(at + BUY_NOW_LINK.text.length)}
    </>
  );
}

function LotRow({
  label,
  lots,
  now,
  watchOf,
}: {
  label: string;
  lots: LotCardData[];
  now: number;
  watchOf: (id: string) => WatchState;
}) {
  return (
    <Scroller label={label} step={FILLER_SCROLL_STEP}>
      <ul className={fillerStyles.cards}>
        {lots.map((lot) => (
          <li key={lot._id} className={fillerStyles.item}>
            <LotCard eventLot={lot._source} view="short" now={now} titleAs="h3" watch={watchOf(lot._id)} />
          </li>
        ))}
      </ul>
    </Scroller>
  );
}

/** The info banners of spec §2, and the fallback row after an empty search. Placed above the results. */
export function InfoBanners({ extras }: { extras: BrowseExtras }) {
  if (extras.banners.length === 0) return null;
  const { fallback } = extras;
  return (
    <div className={styles.banners} data-testid="info-banners">
      {extras.banners.map((banner) =>
        banner.kind === 'heading' ? (
          <h2 key={banner.text} className={styles.bannerHeading}>
            {banner.text}
          </h2>
        ) : (
          <p key={banner.text} className={styles.banner}>
            <BannerText banner={banner} />
          </p>
        ),
      )}
      {fallback && fallback.lots.length > 0 ? (
        <LotRow
          label={fallback.kind === 'past' ? 'SOLD BEFORE' : 'POPULAR ASSETS'}
          lots={fallback.lots}
          now={extras.now}
          watchOf={extras.watchOf}
        />
      ) : null}
    </div>
  );
}

/** Similar lots of the category, filler sections, recently viewed and featured sellers. Placed below the results. */
export function BrowseSections({ extras }: { extras: BrowseExtras }) {
  return (
    <div className={styles.sections}>
      {extras.similar.length > 0 ? (
        <section aria-labelledby="similar-lots" className={styles.similar}>
          <h2 id="similar-lots" className={styles.sectionHeading}>
            SIMILAR ASSETS
          </h2>
          <LotRow label="SIMILAR ASSETS" lots={extras.similar} now={extras.now} watchOf={extras.watchOf} />
        </section>
      ) : null}
      <FillerSections sections={extras.fillers} now={extras.now} watchOf={extras.watchOf} />
      <RecentlyViewed lots={extras.recentlyViewed} now={extras.now} watchOf={extras.watchOf} />
      <FeaturedSellers companies={extras.sellers} />
    </div>
  );
}
