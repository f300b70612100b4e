export function openRender(requestId: string): boolean;
export function closeRender(requestId: string): boolean;
export function markDegraded(requestId: string | null | undefined): void;
export function degradesPage(status: number | null): boolean;
