import type { ProductCategoriesResponse } from '@lotline/contracts';
import { categoryImageSrc } from '../lib/catalog/category-image';
import { responsivePhoto, TILE_PHOTO } from '../lib/images';
import { categoryHref } from '../lib/routes';
import styles from './home.module.css';

type Category = ProductCategoriesResponse['productCategories'][number];

const count = new Intl.NumberFormat('en-US');

/** The home page's top-level categories: picture, name and listed-lot count, each linking to its browse page. */
export function HomeCategories({ categories }: { categories: Category[] }) {
  if (categories.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-categories">
      <h2 id="home-categories" className={styles.heading}>
        Shop by category
      </h2>
      <ul className={styles.categories}>
        {categories.map((category) => (
          <li key={category._id}>
            <a href={categoryHref(category.slug)} className={styles.category}>
              {/* biome-ignore lint/performance/noImgElement: same-origin files, resized by the API (decision 0023) */}
              <img
                {...responsivePhoto(categoryImageSrc(category.imgFilename), TILE_PHOTO)}
                alt=""
                width={320}
                height={240}
                loading="lazy"
                decoding="async"
                className={styles.categoryImage}
              />
              <span className={styles.categoryName}>{category.name}</span>
              <span className={styles.categoryCount}>
                {count.format(category.totalDocCount)} {category.totalDocCount === 1 ? 'lot' : 'lots'}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
