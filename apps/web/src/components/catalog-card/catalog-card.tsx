import type { CatalogProductCard } from '@lotline/contracts';
import { catalogProductHref, yearText } from '../../lib/catalog/year-text';
import { CARD_PHOTO, responsivePhoto } from '../../lib/images';
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
        <dl className={styles.facts}>
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
        </dl>
      </div>
    </article>
  );
}
