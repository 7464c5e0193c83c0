import type { Config } from '../config';

/**
 * Where the web app is served (APP-06, APP-02): /ui, the alternate portal's
 * /{ALTERNATE_PORTAL_PREFIX}/ui, and the beta and production aliases /{BETA_PREFIX}/ui and /{PROD_PREFIX}/ui:
 * the same pages, the same gating. Each prefix ends with a slash.
 */
export function uiPrefixesOf(config: Pick<Config, 'ALTERNATE_PORTAL_PREFIX' | 'BETA_PREFIX' | 'PROD_PREFIX'>): string[] {
  return ['/ui/', `/${config.ALTERNATE_PORTAL_PREFIX}/ui/`, ...uiAliasesOf(config).map((a) => `/${a}/ui/`)];
}

/** The beta and production alias names (without slashes). */
export function uiAliasesOf(config: Pick<Config, 'BETA_PREFIX' | 'PROD_PREFIX'>): string[] {
  return [config.BETA_PREFIX, config.PROD_PREFIX];
}

/** The alias a path was opened under ('beta' for /beta/ui/...), or null for /ui and the alternate portal. */
export function aliasOfPath(config: Pick<Config, 'BETA_PREFIX' | 'PROD_PREFIX'>, path: string | undefined): string | null {
  if (!path) return null;
  let pathname = path;
  try {
    pathname = new URL(path, 'http://x').pathname;
  } catch {
    return null;
  }
  return uiAliasesOf(config).find((a) => pathname === `/${a}/ui` || pathname.startsWith(`/${a}/ui/`)) ?? null;
}

/** A /ui/... link under an alias (links are kept under the prefix the user came in on); other links as they are. */
export function underAlias(link: string, alias: string | null): string {
  return alias && link.startsWith('/ui/') ? `/${alias}${link}` : link;
}
