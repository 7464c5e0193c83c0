import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en-us/common.json';
import es from '../locales/es/common.json';
import fr from '../locales/fr/common.json';

/** public/browser-check.js: a classic script that index.html loads before the portal's modules. */
import source from '../../public/browser-check.js?raw';

interface Run {
  pathname: string;
  /** Browser features taken away. */
  lacks?: string[];
  modules?: boolean;
  stored?: string | null;
  language?: string;
}

function run({ pathname, lacks = [], modules = true, stored = null, language = 'en-US' }: Run) {
  const replace = vi.fn();
  const win: Record<string, unknown> = {
    location: { pathname, replace },
    navigator: { language },
    fetch: () => undefined,
    Promise,
    URLSearchParams,
    AbortController,
    structuredClone,
    Intl,
    localStorage: { getItem: (key: string) => (key === 'fc.language' ? stored : null) },
  };
  for (const k of lacks) delete win[k];
  // A browser with ES modules has noModule on its script elements (jsdom has not: it runs no modules).
  const doc = new Proxy(document, {
    get(target, prop) {
      if (prop === 'createElement')
        return (tag: string) => (tag === 'script' ? (modules ? { noModule: false } : { src: '' }) : target.createElement(tag));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the shipped file as a browser would
  new Function('window', 'document', source)(win, doc);
  return { replace };
}

afterEach(() => {
  document.documentElement.removeAttribute('data-unsupported');
  document.body.innerHTML = '';
  document.title = '';
});

describe('unsupported-browser check (public/browser-check.js)', () => {
  it('does nothing in a browser that has what the portal needs', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const { replace } = run({ pathname: '/ui/home' });
    expect(replace).not.toHaveBeenCalled();
    expect(document.documentElement).not.toHaveAttribute('data-unsupported');
    expect(document.getElementById('root')).toBeEmptyDOMElement();
  });

  it.each([
    ['ES modules', { modules: false }],
    ['fetch', { lacks: ['fetch'] }],
    ['structuredClone (ES2022-era APIs)', { lacks: ['structuredClone'] }],
    ['localStorage', { lacks: ['localStorage'] }],
  ])('a browser without %s is sent to /ui/unsupported-browser, and the portal does not start', (_what, lack) => {
    const { replace } = run({ pathname: '/ui/cust/login', ...lack });
    expect(replace).toHaveBeenCalledWith('/ui/unsupported-browser');
    expect(document.documentElement).toHaveAttribute('data-unsupported', 'true');
  });

  it('keeps the alternate-portal prefix', () => {
    expect(run({ pathname: '/intl/ui/merc/welcome', modules: false }).replace).toHaveBeenCalledWith('/intl/ui/unsupported-browser');
  });

  it('on the unsupported-browser page, writes the page itself in the visitor’s language, without sending it on again', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const { replace } = run({ pathname: '/ui/unsupported-browser', modules: false, language: 'fr-CA' });
    expect(replace).not.toHaveBeenCalled();
    expect(document.querySelector('h1')).toHaveTextContent(fr.errors['unsupported-heading']);
    expect(document.querySelector('main p')).toHaveTextContent(fr.errors.unsupported);
    expect(document.title).toBe(fr.errors['unsupported-heading']);
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
  });

  it('prefers the language chosen on the portal (fc.language)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    run({ pathname: '/ui/unsupported-browser', modules: false, stored: 'es', language: 'en-US' });
    expect(document.querySelector('h1')).toHaveTextContent(es.errors['unsupported-heading']);
  });

  it('carries the texts of common.json in en-us, es and fr', () => {
    for (const locale of [en, es, fr]) {
      expect(source).toContain(locale.errors['unsupported-heading']);
      expect(source).toContain(locale.errors.unsupported);
    }
  });
});
