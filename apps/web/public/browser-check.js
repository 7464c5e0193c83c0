/*
 * The unsupported-browser check (APP-18). A classic script in ES5, loaded from a file (the
 * Content-Security-Policy allows no inline script), so that a browser too old for the portal's modules still
 * runs it. Such a browser is sent to /ui/unsupported-browser (or /{prefix}/ui/...), where this script writes
 * the page itself: the portal's own code cannot run there. The texts are common.json's
 * errors.unsupported-heading and errors.unsupported (src/lib/browser-check.test.ts keeps them equal).
 */
/* global window, document */
(function (w, d) {
  var TEXTS = {
    'en-us': {
      heading: 'Your browser is not supported',
      body: 'Please use a current version of Chrome, Edge, Firefox or Safari to use the portal.',
    },
    es: {
      heading: 'Su navegador no es compatible',
      body: 'Use una versión actual de Chrome, Edge, Firefox o Safari para usar el portal.',
    },
    fr: {
      heading: 'Votre navigateur n’est pas pris en charge',
      body: 'Utilisez une version récente de Chrome, Edge, Firefox ou Safari pour utiliser le portail.',
    },
  };

  /** What the portal's code needs: ES modules and the language level of its build (ES2022), and its APIs. */
  function supported() {
    try {
      var script = d.createElement('script');
      return (
        'noModule' in script &&
        typeof w.fetch === 'function' &&
        typeof w.Promise === 'function' &&
        typeof w.Promise.allSettled === 'function' &&
        typeof w.URLSearchParams === 'function' &&
        typeof w.AbortController === 'function' &&
        typeof w.structuredClone === 'function' &&
        typeof w.Intl === 'object' &&
        typeof Object.hasOwn === 'function' &&
        typeof Array.prototype.at === 'function' &&
        typeof String.prototype.replaceAll === 'function' &&
        !!w.localStorage
      );
      // eslint-disable-next-line no-unused-vars -- ES5 has no catch without a binding
    } catch (e) {
      return false;
    }
  }

  if (supported()) return;
  d.documentElement.setAttribute('data-unsupported', 'true');

  var match = /^(\/[a-z0-9-]+)?\/ui(?=\/|$)/.exec(w.location.pathname);
  var base = match ? match[0] : '/ui';
  if (w.location.pathname.replace(/\/$/, '') !== base + '/unsupported-browser') {
    w.location.replace(base + '/unsupported-browser');
    return;
  }

  var language = 'en-us';
  try {
    language = w.localStorage.getItem('fc.language') || '';
    // eslint-disable-next-line no-unused-vars -- ES5 has no catch without a binding
  } catch (e) {
    language = '';
  }
  if (!TEXTS[language]) {
    var nav = String(w.navigator.language || 'en').toLowerCase();
    language = nav.indexOf('es') === 0 ? 'es' : nav.indexOf('fr') === 0 ? 'fr' : 'en-us';
  }
  var text = TEXTS[language];

  function render() {
    var root = d.getElementById('root') || d.body;
    var main = d.createElement('main');
    main.setAttribute('style', 'max-width:40rem;margin:3rem auto;padding:0 1rem;text-align:center;font-family:sans-serif');
    var h1 = d.createElement('h1');
    h1.appendChild(d.createTextNode(text.heading));
    var p = d.createElement('p');
    p.appendChild(d.createTextNode(text.body));
    main.appendChild(h1);
    main.appendChild(p);
    root.appendChild(main);
    d.title = text.heading;
    d.documentElement.setAttribute('lang', language === 'en-us' ? 'en' : language);
  }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', render);
  else render();
})(window, document);

// zod's global configuration, set before any module of the portal loads: a schema built before
// lib/zod-config.ts ran (a shared chunk the bundler evaluates ahead of the entry's own code) would otherwise
// probe `new Function`, which the Content-Security-Policy reports as a violation (disableZodEval, decision 0320).
(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;
