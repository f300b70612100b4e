import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { HydrationMark } from '../components/hydration-mark/hydration-mark';
import { LiveTicker } from '../components/live-ticker/live-ticker';
import { SiteFooter } from '../components/site-footer/site-footer';
import { SiteHeader } from '../components/site-header/site-header';
import { TermsBanner } from '../components/terms-banner/terms-banner';
import { TestPaymentsBanner } from '../components/test-payments-banner/test-payments-banner';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Lotline', template: '%s | Lotline' },
  description: 'Buy industrial assets by timed auction, buy-now and sealed tender.',
};

export const viewport: Viewport = {
  themeColor: '#0f172a',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <TestPaymentsBanner />
        <SiteHeader />
        <TermsBanner />
        {/* tabIndex lets the skip link move focus, not just scroll, in every browser. */}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <LiveTicker serverNow={Date.now()} />
        <HydrationMark />
      </body>
    </html>
  );
}
