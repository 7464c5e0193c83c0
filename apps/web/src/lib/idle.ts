type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  scheduler?: { yield?: () => Promise<void> };
};

/** Ends the current task: the browser paints and handles pending input before the caller goes on. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (window as IdleWindow).scheduler;
  // scheduler.yield keeps the caller ahead of other queued tasks; setTimeout is where it is missing (Safari).
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves when the browser next has nothing to do (at the latest after `timeoutMs`). */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  const w = window as IdleWindow;
  return new Promise((resolve) => {
    if (w.requestIdleCallback) w.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 50);
  });
}

/** What counts as the user starting to use the page: a press, a key or focus moving into it. */
const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Resolves at the user's first input, or once the page has gone `quietMs` without a long task (where the
 * browser reports them) and the browser is then idle: for work that nobody sees yet, which would otherwise
 * compete with the page's load for the CPU. On a slow or busy device the load's own tasks push it back, but
 * never past `maxMs`: a page that keeps making long tasks must not keep its portal away for good.
 */
export function whenInputOrQuiet(quietMs: number, maxMs = quietMs * 3): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const latest = setTimeout(() => finish(), maxMs);
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(latest);
      observer?.disconnect();
      for (const type of INPUT_EVENTS) window.removeEventListener(type, finish, true);
      resolve();
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void whenIdle().then(finish), quietMs);
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, finish, { capture: true, passive: true });
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
      observer = new PerformanceObserver(wait);
      observer.observe({ type: 'longtask' });
    }
    wait();
  });
}
