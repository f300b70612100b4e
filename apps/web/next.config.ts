import type { NextConfig } from 'next';
import { MAX_PROXY_BODY_BYTES } from './src/lib/proxy/limits';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The contracts package ships TypeScript source (its exports point at src/index.ts).
  transpilePackages: ['@lotline/contracts'],
  typescript: { ignoreBuildErrors: false },
  experimental: {
    // Proxy buffers request bodies and silently truncates past this size; uploads
    // (videos up to 30 MiB, spec §5) travel through the proxy, so allow them whole.
    proxyClientMaxBodySize: MAX_PROXY_BODY_BYTES,
  },
};

export default nextConfig;
