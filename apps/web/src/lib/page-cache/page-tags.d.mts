export const PAGE_TAGS_HEADER: 'x-lotline-page-tags';
export const CATALOG_TAG: 'catalog';
