import type { CatalogProduct } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { CatalogFacts } from '../../../../components/catalog-card/catalog-card';
import { LotGrid } from '../../../../components/lot-grid/lot-grid';
import { fetchCatalogProduct, fetchCatalogProductLots } from '../../../../lib/api/pages.server';
import { parsePageParams } from '../../../../lib/browse/page-params';
import { pagedHref } from '../../../../lib/browse/pagination';
import type { RawSearchParams } from '../../../../lib/browse/search-params';
import { fetchCatalogProductRedirect } from '../../../../lib/catalog/catalog-redirect.server';
import { yearText } from '../../../../lib/catalog/year-text';
import { absoluteUrl } from '../../../../lib/env.server';
import { DETAIL_PHOTO, imageUrl, responsivePhoto } from '../../../../lib/images';
import { catalogProductHref, categoryHref } from '../../../../lib/routes';
import { JsonLd } from '../../../../lib/seo/json-ld';
import { pageMetadata, SHARE_IMAGE_WIDTH } from '../../../../lib/seo/page-metadata';
import { loadWatchStates } from '../../../../lib/watchlist/watch-states.server';
import styles from './page.module.css';

type Params = Promise<{ uniqueName: string }>;
type SearchParams = Promise<RawSearchParams>;

const PLACEHOLDER_SRC = '/images/lot-placeholder.svg';

/**
 * The product; a former uniqueName (renamed or merged away, decision 0083) is
 * a permanent redirect to the current product page; an unknown one the 404
 * page. Once per request.
 */
const loadProduct = cache(async (uniqueName: string): Promise<CatalogProduct> => {
  const product = await fetchCatalogProduct(uniqueName);
  if (product) return product;
  const current = await fetchCatalogProductRedirect(uniqueName);
  return current === null ? notFound() : permanentRedirect(catalogProductHref(current));
});

function describe(product: CatalogProduct): string {
  const facts = [
    product.brand ? `by ${product.brand.name}` : null,
    product.modelNumber ? `model ${product.modelNumber.name}` : null,
    yearText(product.yearOfManufacture) !== '-' ? `year ${yearText(product.yearOfManufacture)}` : null,
  ].filter(Boolean);
  return `${product.name}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: manufacturer, model, year and the lots of this product for sale on Lotline.`;
}

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const product = await loadProduct((await params).uniqueName);
  const paging = parsePageParams(await searchParams);
  return pageMetadata({
    title: product.name,
    description: describe(product),
    path: pagedHref(catalogProductHref(product.uniqueName), paging),
    images: product.imageUrl ? [product.imageUrl] : [],
  });
}

/**
 * Catalog product page (spec §2): the product's image, name, 'Manufacturer',
 * 'Model', 'Year' (as on the catalog card), its category (linked to the
 * category's browse page) and its active lots, paged with `?page=N` and `?page-size=M`.
 */
export default async function CatalogProductPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const product = await loadProduct((await params).uniqueName);
  const paging = parsePageParams(await searchParams);
  const path = catalogProductHref(product.uniqueName);
  const now = Date.now();
  const lots = await fetchCatalogProductLots(product.uniqueName, paging);
  const watchOf = await loadWatchStates(
    lots.eventLots.map((lot) => lot._id),
    pagedHref(path, paging),
  );
  const year = yearText(product.yearOfManufacture);
  const category = product.productCategory;

  return (
    <div className={`container ${styles.page}`}>
      <JsonLd
        data={{
          '@type': 'Product',
          name: product.name,
          url: absoluteUrl(path),
          ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
          ...(product.modelNumber ? { model: product.modelNumber.name } : {}),
          ...(product.imageUrl ? { image: absoluteUrl(imageUrl(product.imageUrl, SHARE_IMAGE_WIDTH)) } : {}),
          ...(category ? { category: category.name } : {}),
          ...(year !== '-' ? { productionDate: year } : {}),
        }}
      />
      <article className={styles.product}>
        {/* biome-ignore lint/performance/noImgElement: same-origin files, resized by the API (decision 0023) */}
        <img
          {...responsivePhoto(product.imageUrl ?? PLACEHOLDER_SRC, DETAIL_PHOTO)}
          alt={product.imageUrl ? `Photo of ${product.name}` : `No photo available for ${product.name}`}
          width={640}
          height={480}
          loading="eager"
          fetchPriority="high"
          className={styles.photo}
        />
        <div className={styles.body}>
          <h1 className={styles.title}>{product.name}</h1>
          <CatalogFacts product={product} className={styles.facts}>
            <div>
              <dt>Category</dt>
              <dd>{category ? <a href={categoryHref(category.slug)}>{category.name}</a> : '-'}</dd>
            </div>
          </CatalogFacts>
        </div>
      </article>

      <section className={styles.section} aria-labelledby="product-lots">
        <h2 id="product-lots" className={styles.heading}>
          {product.name} lots for sale
        </h2>
        <LotGrid
          label={`${product.name} lots`}
          lots={lots.eventLots}
          pagination={lots.pagination}
          now={now}
          watchOf={watchOf}
          pathname={path}
          empty={`There are no active lots of ${product.name} right now.`}
        />
      </section>
    </div>
  );
}
