import type { CatalogProductCard } from '@lotline/contracts';
import type { ReactNode } from 'react';
import { yearText } from '../../lib/catalog/year-text';
import { CARD_PHOTO, responsivePhoto } from '../../lib/images';
import { catalogProductHref } from '../../lib/routes';
import styles from './catalog-card.module.css';

const PLACEHOLDER_SRC = '/images/lot-placeholder.svg';

/**
 * Catalog product card (spec §2): image, name, Manufacturer, Model and Year.
 * The name links to the catalog page in a new tab, and its accessible name says so.
 */
export function CatalogCard({
  product,
  titleAs: Title = 'h3',
}: {
  product: CatalogProductCard;
  titleAs?: 'h2' | 'h3';
}) {
  return (
    <article className={styles.card}>
      {/* biome-ignore lint/performance/noImgElement: same-origin files served by the API */}
      <img
        {...responsivePhoto(product.imageUrl ?? PLACEHOLDER_SRC, CARD_PHOTO)}
        alt={product.imageUrl ? `Photo of ${product.name}` : `No photo available for ${product.name}`}
        width={400}
        height={300}
        loading="lazy"
        decoding="async"
        className={styles.photo}
      />
      <div className={styles.body}>
        <Title className={styles.title}>
          <a
            href={catalogProductHref(product.uniqueName)}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
          >
            {product.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Title>
        <CatalogFacts product={product} className={styles.facts} />
      </div>
    </article>
  );
}

/**
 * The product's 'Manufacturer', 'Model' and 'Year' (spec §2; '-' when unknown), as a description list.
 * Shared by the card and the catalog product page, which adds rows of its own as `children`.
 */
export function CatalogFacts({
  product,
  className,
  children,
}: {
  product: Pick<CatalogProductCard, 'brand' | 'modelNumber' | 'yearOfManufacture'>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <dl className={className}>
      <div>
        <dt>Manufacturer</dt>
        <dd>{product.brand?.name ?? '-'}</dd>
      </div>
      <div>
        <dt>Model</dt>
        <dd>{product.modelNumber?.name ?? '-'}</dd>
      </div>
      <div>
        <dt>Year</dt>
        <dd>{yearText(product.yearOfManufacture)}</dd>
      </div>
      {children}
    </dl>
  );
}
