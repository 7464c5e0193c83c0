import type { Page } from '@playwright/test';

/** Sums the page's layout shifts as Lighthouse does (CLS), from the first paint, into window.__shift. */
export async function recordLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since the page loaded (recordLayoutShift). */
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/** Holds back the responses of the scripts matching `pattern` until the returned function is called. */
export async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The customer list's answers say `total` customers (meta.record_count), whatever the e2e database holds: the
 * table's paging as a long list shows it (its rows-per-page choice, its next-page button).
 */
export async function customerListTotal(page: Page, total: number) {
  await page.route(/\/framework\/customers(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { meta?: Record<string, unknown> };
    for (const key of Object.keys(body.meta ?? {})) if (/record.count$/i.test(key)) body.meta![key] = total;
    await route.fulfill({ response, json: body });
  });
}
