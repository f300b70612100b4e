import type { NextConfig } from 'next';
import { NEXT_PROXY_BODY_BYTES } from './src/lib/proxy/limits.mjs';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The contracts and domain packages ship TypeScript source (their exports point at src/*.ts).
  transpilePackages: ['@lotline/contracts', '@lotline/domain'],
  // `npm test` checks the web app's types with tsc just before the build (tsc also reads the test files, which
  // next build's own check skips) and says so with LOTLINE_WEB_TYPES_CHECKED=1: the types are checked once (0058).
  typescript: { ignoreBuildErrors: process.env.LOTLINE_WEB_TYPES_CHECKED === '1' },
  // No page uses next/image (photos are sized by the API's /files route, decision 0023): without this, anyone
  // could make the server fetch and re-encode images through /_next/image.
  images: { unoptimized: true },
  turbopack: {
    // The lot card's photo dots (CSS carousel markers, decision 0019) are valid CSS Overflow 5 that Lightning CSS
    // does not know yet (parcel-bundler/lightningcss#1177): it keeps the rules as written and warns. Only those
    // names are let through; any other parse failure of a style sheet is still told.
    ignoreIssue: [
      {
        path: '**/*.css',
        title: 'Parsing CSS source code failed',
        description: /^'(scroll-marker|scroll-marker-group|target-current)' is not recognized as a valid pseudo-/,
      },
    ],
  },
  experimental: {
    // Proxy silently truncates request bodies past this size. Under `next dev` uploads (videos up to
    // 30 MiB, spec §5) travel through the proxy, so allow them whole, and a little more, so that the
    // forwarder sees a cut body as too large (lib/proxy/limits.mjs). server.mjs forwards them itself.
    proxyClientMaxBodySize: NEXT_PROXY_BODY_BYTES,
  },
};

export default nextConfig;
