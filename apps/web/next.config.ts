import type { NextConfig } from 'next';
import { NEXT_PROXY_BODY_BYTES } from './src/lib/proxy/limits.mjs';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The contracts and domain packages ship TypeScript source (their exports point at src/*.ts).
  transpilePackages: ['@lotline/contracts', '@lotline/domain'],
  typescript: { ignoreBuildErrors: false },
  // No page uses next/image (photos are sized by the API's /files route, decision 0023): without this, anyone
  // could make the server fetch and re-encode images through /_next/image.
  images: { unoptimized: true },
  experimental: {
    // Proxy silently truncates request bodies past this size. Under `next dev` uploads (videos up to
    // 30 MiB, spec §5) travel through the proxy, so allow them whole, and a little more, so that the
    // forwarder sees a cut body as too large (lib/proxy/limits.mjs). server.mjs forwards them itself.
    proxyClientMaxBodySize: NEXT_PROXY_BODY_BYTES,
  },
};

export default nextConfig;
