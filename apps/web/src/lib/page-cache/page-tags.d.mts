export const PAGE_TAGS_HEADER: 'x-lotline-page-tags';
