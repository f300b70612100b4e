import type { LotFacets, Place } from '@lotline/contracts';
import { GEO_DISTANCES, SEARCH_STATUSES } from '@lotline/contracts/constants';
import { endingDateApplies } from '@lotline/domain';
import type { ReactNode } from 'react';
import { findCategory } from '../../lib/browse/categories';
import {
  DISTANCE_LABELS,
  ENDING_DATE_LABELS,
  SALE_FORMAT_LABELS,
  SORT_LABELS,
  STATUS_LABELS,
} from '../../lib/browse/labels';
import {
  type BrowseChange,
  type BrowseState,
  type EndingDate,
  effectiveSort,
  saleFormatOptions,
  sortOptions,
} from '../../lib/browse/state';
import styles from './browse.module.css';
import { LocationFilter } from './location-filter';
import { NearMeButton } from './near-me-button';
import { OptionLink } from './option-link';
import { ShowMoreList } from './show-more';

export interface FilterControlsProps {
  state: BrowseState;
  facets?: LotFacets | undefined;
  /** The place shown in the location box (from places/nearest for the URL's coordinates). */
  place: Place | null;
  /** The drawer stages changes; the panel follows links. */
  onChange?: (change: BrowseChange) => void;
  /** The drawer also holds the sort ('Filters & Sort'). */
  withSort?: boolean;
  /** Distinguishes the ids of the panel's and the drawer's controls. */
  idPrefix: string;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The filters of spec §2, every choice a link built by the browse state module. */
export function FilterControls({ state, facets, place, onChange, withSort = false, idPrefix }: FilterControlsProps) {
  const link = (change: BrowseChange, selected: boolean, label: ReactNode, key: string) => (
    <li key={key}>
      <OptionLink state={state} change={change} selected={selected} onChange={onChange}>
        {label}
      </OptionLink>
    </li>
  );
  const count = (n: number) => <span className={styles.count}>({n.toLocaleString('en-US')})</span>;
  const assets = state.browse === 'assets';
  const sort = effectiveSort(state);
  const showEndingDate = endingDateApplies(state);
  const saleFormatCounts = new Map(facets?.saleFormat.map((f) => [f.value, f.count]));

  const categories = facets?.productCategory ?? [];
  const selected = state.productCategory ? findCategory(categories, state.productCategory) : null;
  const categoryList = selected ? selected.node.children : categories;

  return (
    <div className={styles.controls}>
      {withSort ? (
        <Section id={`${idPrefix}-sort`} title="Sort">
          <ul className={styles.options}>
            {sortOptions(state).map((value) =>
              value === 'near-me' ? (
                <li key={value}>
                  <NearMeButton state={state} selected={sort === value} onChange={onChange} />
                </li>
              ) : (
                link({ kind: 'sort', value }, sort === value, SORT_LABELS[value], value)
              ),
            )}
          </ul>
        </Section>
      ) : null}

      <Section id={`${idPrefix}-sale-format`} title="Sale Format">
        <ul className={styles.options}>
          {link({ kind: 'sale-format', value: undefined }, state.saleFormat === undefined, 'All', 'all')}
          {saleFormatOptions(state).map((value) =>
            link(
              { kind: 'sale-format', value },
              state.saleFormat === value,
              <>
                {SALE_FORMAT_LABELS[value]}{' '}
                {saleFormatCounts.has(value) ? count(saleFormatCounts.get(value) ?? 0) : null}
              </>,
              value,
            ),
          )}
        </ul>
      </Section>

      <Section id={`${idPrefix}-status`} title="Status">
        <ul className={styles.options}>
          {SEARCH_STATUSES.map((value) =>
            link(
              { kind: 'status', value },
              (state.status ?? 'active-and-upcoming') === value,
              STATUS_LABELS[value],
              value,
            ),
          )}
        </ul>
      </Section>

      {showEndingDate && assets ? (
        <Section id={`${idPrefix}-ending-date`} title="Ending Date">
          <ul className={styles.options}>
            {link({ kind: 'ending-date', value: undefined }, state.endingDate === undefined, 'Any time', 'all')}
            {(Object.keys(ENDING_DATE_LABELS) as EndingDate[]).map((value) =>
              link({ kind: 'ending-date', value }, state.endingDate === value, ENDING_DATE_LABELS[value], value),
            )}
          </ul>
        </Section>
      ) : null}

      {assets ? (
        <Section id={`${idPrefix}-category`} title="Category">
          {selected ? (
            <ul className={styles.options}>
              {link(
                { kind: 'category', slug: selected.parent?.slug },
                false,
                selected.parent ? `‹ ${selected.parent.name}` : '‹ All categories',
                'up',
              )}
              {link({ kind: 'category', slug: selected.node.slug }, true, selected.node.name, 'current')}
            </ul>
          ) : null}
          {categoryList.length > 0 ? (
            <ShowMoreList
              label={selected ? `Categories in ${selected.node.name}` : 'Categories'}
              items={categoryList.map((node) =>
                link(
                  { kind: 'category', slug: node.slug },
                  false,
                  <>
                    {node.name} {count(node.count)}
                  </>,
                  node._id,
                ),
              )}
            />
          ) : null}
        </Section>
      ) : null}

      {assets && facets && facets.manufacturer.length > 0 ? (
        <Section id={`${idPrefix}-manufacturer`} title="Manufacturer">
          <ShowMoreList
            label="Manufacturers"
            items={facets.manufacturer.map((m) => {
              const on = state.manufacturer.includes(m.uniqueName);
              return link(
                { kind: 'manufacturer', uniqueName: m.uniqueName, selected: !on },
                on,
                <>
                  {m.name} {count(m.count)}
                </>,
                m.uniqueName,
              );
            })}
          />
        </Section>
      ) : null}

      {assets ? (
        <Section id={`${idPrefix}-location`} title="Location">
          <LocationFilter state={state} place={place} onChange={onChange} idPrefix={idPrefix} />
          <ul className={styles.options} aria-label="Distance">
            {GEO_DISTANCES.map((value) =>
              link(
                state.geoDistance === value ? { kind: 'distance', value: undefined } : { kind: 'distance', value },
                state.geoDistance === value,
                DISTANCE_LABELS[value],
                value,
              ),
            )}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
