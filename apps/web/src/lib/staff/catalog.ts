/** The staff brand and catalog product pages (decision 0083). */
export const STAFF_BRANDS_PATH = '/staff/brands';
export const STAFF_CATALOG_PRODUCTS_PATH = '/staff/catalog-products';
