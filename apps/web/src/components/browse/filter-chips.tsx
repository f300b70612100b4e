import type { LotFacets, Place } from '@lotline/contracts';
import { findCategory } from '../../lib/browse/categories';
import {
  DISTANCE_LABELS,
  ENDING_DATE_LABELS,
  SALE_FORMAT_LABELS,
  SORT_LABELS,
  STATUS_LABELS,
} from '../../lib/browse/labels';
import { applyChange, type BrowseChange, type BrowseState } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import styles from './browse.module.css';

interface Chip {
  key: string;
  label: string;
  change: BrowseChange;
}

/** The active filters as chips, each a link that removes it, and 'Clear all' (spec §2). */
export function FilterChips({
  state,
  facets,
  place,
  categoryLabel,
}: {
  state: BrowseState;
  facets?: LotFacets | undefined;
  place: Place | null;
  categoryLabel?: string | undefined;
}) {
  const chips: Chip[] = [];
  if (state.keyword) chips.push({ key: 'keyword', label: `“${state.keyword}”`, change: { kind: 'keyword', text: '' } });
  if (state.saleFormat)
    chips.push({
      key: 'sale-format',
      label: SALE_FORMAT_LABELS[state.saleFormat],
      change: { kind: 'sale-format', value: undefined },
    });
  if (state.status)
    chips.push({ key: 'status', label: STATUS_LABELS[state.status], change: { kind: 'status', value: undefined } });
  if (state.endingDate)
    chips.push({
      key: 'ending-date',
      label: ENDING_DATE_LABELS[state.endingDate],
      change: { kind: 'ending-date', value: undefined },
    });
  if (state.sort)
    chips.push({ key: 'sort', label: `Sort: ${SORT_LABELS[state.sort]}`, change: { kind: 'sort', value: undefined } });
  if (state.productCategory) {
    const name =
      categoryLabel ??
      findCategory(facets?.productCategory ?? [], state.productCategory)?.node.name ??
      state.productCategory;
    chips.push({ key: 'category', label: name, change: { kind: 'category', slug: undefined } });
  }
  for (const m of state.manufacturer) {
    const name = facets?.manufacturer.find((f) => f.uniqueName === m)?.name ?? m;
    chips.push({
      key: `manufacturer-${m}`,
      label: name,
      change: { kind: 'manufacturer', uniqueName: m, selected: false },
    });
  }
  if (state.geoDistance) {
    const where = state.geoLat !== undefined ? ` of ${place?.label ?? 'the chosen place'}` : '';
    chips.push({
      key: 'distance',
      label: `Within ${DISTANCE_LABELS[state.geoDistance]}${where}`,
      change: { kind: 'distance', value: undefined },
    });
  }
  if (chips.length === 0) return null;
  return (
    <div className={styles.chips}>
      <ul className={styles.chipList} aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <a
              href={browseHref(applyChange(state, chip.change))}
              className={styles.chip}
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label}
              <span aria-hidden="true"> ×</span>
            </a>
          </li>
        ))}
      </ul>
      <a href={browseHref(applyChange(state, { kind: 'clear-all' }))} className={styles.clearAll}>
        Clear all
      </a>
    </div>
  );
}
