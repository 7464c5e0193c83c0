import { afterEach, beforeEach, vi } from 'vitest';
import { englishTexts } from './render';

/** fetch answering every call with an empty JSON:API list (option lists, states, the app config). */
export function stubEmptyApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/vnd.api+json' } })),
  );
}

/**
 * Each test of the file starts with an empty localStorage (no draft, no language of an earlier test) in
 * English, and ends with its stubs (fetch, XMLHttpRequest), fake timers and storage undone. With `emptyApi`
 * every call is answered by `stubEmptyApi`.
 */
export function freshBrowserPerTest({ emptyApi = false } = {}) {
  beforeEach(async () => {
    localStorage.clear();
    await englishTexts();
    if (emptyApi) stubEmptyApi();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
