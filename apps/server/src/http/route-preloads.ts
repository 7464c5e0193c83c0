import fs from 'node:fs';
import path from 'node:path';
import { ROUTES, routeMatches, type RouteDef } from '@fc/contract';

/** What the web build wrote in route-preloads.json (apps/web/vite.config.ts). */
type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html for each page address (decision 0990): a page whose route the web build lists (a list's first
 * frame, the light app's pages) names the script and style files it loads first in its head, so that a page
 * load fetches them beside the entry rather than once the entry has run (styles as a preload: they apply when
 * the page's code asks for them, and block nothing before). Every other page, and every page of a build
 * without route-preloads.json, gets index.html as built.
 */
export function indexHtmlFor(indexHtml: Buffer, webDist: string): (subPath: string) => Buffer {
  let preloads: RoutePreloads = {};
  try {
    preloads = JSON.parse(fs.readFileSync(path.join(webDist, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    /* no preloads: index.html as built */
  }
  const html = indexHtml.toString('utf8');
  const byRoute = new Map<string, Buffer>();
  for (const [route, files] of Object.entries(preloads)) {
    const links = [
      ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="${escapeAttr(f)}">`),
      ...files.css.map((f) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(f)}">`),
    ].join('\n    ');
    if (!links || !html.includes('</head>')) continue;
    byRoute.set(route, Buffer.from(html.replace('</head>', `  ${links}\n  </head>`)));
  }
  return (subPath) => {
    const route = byRoute.size ? (ROUTES as readonly RouteDef[]).find((r) => routeMatches(r, subPath)) : undefined;
    return (route && byRoute.get(route.id)) ?? indexHtml;
  };
}
