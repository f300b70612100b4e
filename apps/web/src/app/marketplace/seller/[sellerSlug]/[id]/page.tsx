import type { SellerCompany } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { EventCard } from '../../../../../components/browse/event-card';
import { LotGrid } from '../../../../../components/lot-grid/lot-grid';
import { fetchCompany, fetchCompanyEvents, fetchCompanyLots } from '../../../../../lib/api/pages.server';
import { parsePageParams } from '../../../../../lib/browse/page-params';
import { pagedHref } from '../../../../../lib/browse/pagination';
import type { RawSearchParams } from '../../../../../lib/browse/search-params';
import { absoluteUrl } from '../../../../../lib/env.server';
import { LOGO_PHOTO, responsivePhoto } from '../../../../../lib/images';
import { sellerHref } from '../../../../../lib/routes';
import { JsonLd } from '../../../../../lib/seo/json-ld';
import { pageMetadata } from '../../../../../lib/seo/page-metadata';
import { loadWatchStates } from '../../../../../lib/watchlist/watch-states.server';
import styles from './page.module.css';

type Params = Promise<{ sellerSlug: string; id: string }>;
type SearchParams = Promise<RawSearchParams>;

/** How many of the seller's current events are shown (ending soonest first). */
const EVENTS_SHOWN = 15;

/** The seller, or the 404 page for an unknown id. Once per request. */
const loadSeller = cache(async (id: string): Promise<SellerCompany> => (await fetchCompany(id)) ?? notFound());

const nameOf = (company: SellerCompany) => company.displayName || company.name;
const placeOf = (company: SellerCompany) =>
  [company.city, company.region, company.country].filter((part) => part !== null && part !== '').join(', ');

function describe(company: SellerCompany): string {
  return (
    company.description.trim() ||
    `Auctions, buy-now listings and tenders of industrial assets sold by ${nameOf(company)} on Lotline.`
  );
}

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const company = await loadSeller((await params).id);
  const paging = parsePageParams(await searchParams);
  return pageMetadata({
    title: `${nameOf(company)}: auctions and lots`,
    description: describe(company),
    path: pagedHref(sellerHref(company), paging),
    images: company.logoUrl ? [company.logoUrl] : [],
  });
}

/**
 * Seller page (spec §2): the seller's logo, name, place and description, its
 * current events and its active lots, paged with `?page=N` and `?page-size=M`. A wrong or old
 * slug is redirected permanently to the seller's own; an unknown id is 404.
 */
export default async function SellerPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { sellerSlug, id } = await params;
  const company = await loadSeller(id);
  const paging = parsePageParams(await searchParams);
  const canonical = sellerHref(company);
  if (sellerSlug !== company.slug) permanentRedirect(pagedHref(canonical, paging));

  const now = Date.now();
  const [events, lots] = await Promise.all([
    fetchCompanyEvents(company._id, EVENTS_SHOWN),
    fetchCompanyLots(company._id, paging),
  ]);
  const watchOf = await loadWatchStates(
    lots.eventLots.map((lot) => lot._id),
    pagedHref(canonical, paging),
  );
  const name = nameOf(company);
  const place = placeOf(company);
  const shownEvents = events.pagination.totalItems;

  return (
    <div className={`container ${styles.page}`}>
      <JsonLd
        data={{
          '@type': 'Organization',
          name,
          url: absoluteUrl(canonical),
          ...(company.logoUrl ? { logo: absoluteUrl(company.logoUrl) } : {}),
          description: describe(company),
          ...(place ? { address: place } : {}),
        }}
      />
      <header className={styles.header}>
        {company.logoUrl ? (
          // biome-ignore lint/performance/noImgElement: same-origin files, resized by the API (decision 0023)
          <img
            {...responsivePhoto(company.logoUrl, LOGO_PHOTO)}
            alt={`${name} logo`}
            width={160}
            height={80}
            loading="eager"
            fetchPriority="high"
            className={styles.logo}
          />
        ) : null}
        <div className={styles.intro}>
          <h1 className={styles.title}>{name}</h1>
          {place ? <p className={styles.place}>{place}</p> : null}
          {company.description ? <p className={styles.description}>{company.description}</p> : null}
        </div>
      </header>

      <section className={styles.section} aria-labelledby="seller-events">
        <h2 id="seller-events" className={styles.heading}>
          Current events by {name}
        </h2>
        {events.events.length > 0 ? (
          <>
            {shownEvents > events.events.length ? (
              <p className={styles.note}>
                The {events.events.length} ending soonest of {shownEvents} current events.
              </p>
            ) : null}
            <ul className={styles.events} aria-label={`Events by ${name}`}>
              {events.events.map((event) => (
                <li key={event._id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={styles.note}>{name} has no current events.</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="seller-lots">
        <h2 id="seller-lots" className={styles.heading}>
          Lots from {name}
        </h2>
        <LotGrid
          label={`Lots from ${name}`}
          lots={lots.eventLots}
          pagination={lots.pagination}
          now={now}
          watchOf={watchOf}
          pathname={canonical}
          empty={`${name} has no active lots right now.`}
        />
      </section>
    </div>
  );
}
