import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenInputOrQuiet } from './idle';

describe('whenInputOrQuiet', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves at the first input, without waiting for the quiet time', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void whenInputOrQuiet(3000).then(done);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledOnce();
  });

  it('resolves once the page has stayed quiet that long and the browser is idle', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void whenInputOrQuiet(3000).then(done);
    await vi.advanceTimersByTimeAsync(2900);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toHaveBeenCalledOnce();
    // Its input listeners are gone: a later key does nothing more.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(done).toHaveBeenCalledOnce();
  });

  it('resolves after maxMs even while long tasks keep coming', async () => {
    vi.useFakeTimers();
    let longTask: (() => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = ['longtask'];
      constructor(callback: () => void) {
        longTask = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      const done = vi.fn();
      void whenInputOrQuiet(3000, 9000).then(done);
      // A long task every 2 s: the page never stays quiet for 3 s.
      for (let t = 0; t < 8000; t += 2000) {
        await vi.advanceTimersByTimeAsync(2000);
        longTask!();
      }
      expect(done).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1100);
      expect(done).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
