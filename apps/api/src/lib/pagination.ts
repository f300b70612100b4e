import type { Pagination } from '@lotline/contracts';

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export function pageWindow({ pageNumber, pageSize }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (pageNumber - 1) * pageSize };
}

export function paginationOf({ pageNumber, pageSize }: PageRequest, totalItems: number): Pagination {
  return { pageNumber, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
}
