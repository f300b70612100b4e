/**
 * Parses one Set-Cookie header (RFC 6265 §5.2) into what Next's `cookies().set`
 * takes, so a server action can hand the API's session cookie to the browser
 * exactly as the API issued it.
 */
export interface ParsedCookie {
  name: string;
  value: string;
  options: {
    path?: string;
    domain?: string;
    maxAge?: number;
    expires?: Date;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
  };
}

export function parseSetCookie(header: string): ParsedCookie | null {
  const [pair, ...attributes] = header.split(';');
  const eq = pair?.indexOf('=') ?? -1;
  if (!pair || eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not percent-encoded after all: keep it as sent.
  }
  const options: ParsedCookie['options'] = {};
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.split('=');
    const key = rawKey?.trim().toLowerCase();
    const val = rest.join('=').trim();
    if (key === 'path') options.path = val;
    else if (key === 'domain') options.domain = val;
    else if (key === 'max-age' && /^-?\d+$/.test(val)) options.maxAge = Number(val);
    else if (key === 'expires' && !Number.isNaN(Date.parse(val))) options.expires = new Date(val);
    else if (key === 'httponly') options.httpOnly = true;
    else if (key === 'secure') options.secure = true;
    else if (key === 'samesite') {
      const s = val.toLowerCase();
      if (s === 'lax' || s === 'strict' || s === 'none') options.sameSite = s;
    }
  }
  return { name, value, options };
}
