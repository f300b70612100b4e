import type { SellerCompany } from '@lotline/contracts';
import { LOGO_PHOTO, responsivePhoto } from '../../lib/images';
import { sellerHref } from '../../lib/routes';
import styles from './featured-sellers.module.css';

/** The featured sellers' logos (spec §6: sellers appear as logo links), each linking to the seller's page. */
export function FeaturedSellers({ companies }: { companies: SellerCompany[] }) {
  if (companies.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="featured-sellers">
      <h2 id="featured-sellers" className={styles.heading}>
        FEATURED SELLERS
      </h2>
      <ul className={styles.logos}>
        {companies.map((company) => {
          const name = company.displayName || company.name;
          return (
            <li key={company._id}>
              <a href={sellerHref(company)} className={styles.link}>
                {company.logoUrl ? (
                  // biome-ignore lint/performance/noImgElement: same-origin files served by the API
                  <img
                    {...responsivePhoto(company.logoUrl, LOGO_PHOTO)}
                    alt={name}
                    width={160}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className={styles.logo}
                  />
                ) : (
                  <span className={styles.name}>{name}</span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
