/**
 * The flags every headless Chromium of ours starts with (Playwright's, Lighthouse's, the benchmarks'): the
 * system Chromium runs as root without a sandbox, and nothing in the background (updates, sync, QUIC) adds
 * network traffic or CPU load to what is measured or tested.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
