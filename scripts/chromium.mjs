// Debian's Chromium and the flags every automated run of it uses (Playwright's
// e2e suite and `npm run bench:web`): no browser download, no sandbox inside
// containers, and no background traffic to anything but the site under test.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
