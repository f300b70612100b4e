type Trust = (address: string, hop: number) => boolean;
interface RawRequest {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
}
export function trustFunction(setting: string | undefined): Trust;
export function clientAddress(request: RawRequest, trust: Trust): string | undefined;
export function overwriteClientAddress(request: RawRequest, trust: Trust): void;
