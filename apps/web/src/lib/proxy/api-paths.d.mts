export function isApiPath(pathname: string): boolean;
export function apiTargetUrl(apiBase: string, pathname: string, search: string): string;
