import type { AccountType } from './account-types';
import { permissions, type PermissionName, type Task } from './tasks';

/** Layout chosen by route metadata (APP-03). */
export type Layout = 'home' | 'bonus' | 'account' | 'blank' | 'customer' | 'default';

export interface RouteDef {
  /** Stable id: the web app maps it to a page component. */
  id: string;
  /** Path below /ui, without a leading slash. */
  path: string;
  layout: Layout;
  /** Who may open it; absent means public. Checked in the browser and, for its calls, on the server. */
  permission?: PermissionName;
  /** Translation key (namespace:key) of the menu item and the document title. */
  titleKey: string;
  /** Not listed in the left menu or on welcome pages. */
  hidden?: boolean;
}

/**
 * The route table (APP-01). Order is menu order. Every entry has a page in the web app
 * (apps/web/src/app/pages.ts), which a test checks.
 */
export const ROUTES = [
  // Public site (APP-01)
  { id: 'home', path: 'home', layout: 'home', titleKey: 'common:routes.home', hidden: true },
  { id: 'credit-back', path: 'FleetriteCreditBack', layout: 'home', titleKey: 'common:routes.credit-back', hidden: true },
  { id: 'bonus', path: 'bonus', layout: 'bonus', titleKey: 'common:routes.bonus', hidden: true },
  { id: 'toc', path: 'toc', layout: 'blank', titleKey: 'common:routes.toc', hidden: true },
  { id: 'unsupported-browser', path: 'unsupported-browser', layout: 'blank', titleKey: 'common:routes.unsupported-browser', hidden: true },
  { id: 'error', path: 'error', layout: 'blank', titleKey: 'common:routes.error', hidden: true },
  { id: 'error-404', path: 'error-404', layout: 'blank', titleKey: 'common:routes.error-404', hidden: true },
  { id: 'error-403', path: 'error-403', layout: 'blank', titleKey: 'common:routes.error-403', hidden: true },
  // The manuals of the footer's programme links (issue 17): public, so that the link opens without a session.
  { id: 'dealer-manual', path: 'manuals/dealer', layout: 'blank', titleKey: 'common:routes.dealer-manual', hidden: true },
  { id: 'customer-manual', path: 'manuals/customer', layout: 'blank', titleKey: 'common:routes.customer-manual', hidden: true },
  // Sign-in and passwords (AUTH-02, AUTH-07)
  { id: 'login', path: ':type/login', layout: 'account', titleKey: 'common:routes.login', hidden: true },
  { id: 'password-reset', path: 'password/reset', layout: 'account', titleKey: 'common:routes.password-reset', hidden: true },
  { id: 'password-success', path: 'password/success', layout: 'account', titleKey: 'common:routes.password-success', hidden: true },
  { id: 'password-update', path: 'password/update', layout: 'account', titleKey: 'common:routes.password-update', hidden: true },
  // The second factor (issue 19): the code step of a sign-in, and the enrolment a user who must have one is held on.
  {
    id: 'second-factor-login',
    path: 'login/second-factor',
    layout: 'account',
    titleKey: 'common:routes.second-factor-login',
    hidden: true,
  },
  {
    id: 'second-factor-enrol',
    path: 'second-factor/enrol',
    layout: 'account',
    permission: 'signedIn',
    titleKey: 'common:routes.second-factor-enrol',
    hidden: true,
  },
  // Account requests (ACCT-01)
  { id: 'request', path: ':type/request', layout: 'account', titleKey: 'common:routes.request', hidden: true },
  { id: 'request-success', path: ':type/request/success', layout: 'account', titleKey: 'common:routes.request-success', hidden: true },
  { id: 'request-failure', path: ':type/request/failure', layout: 'account', titleKey: 'common:routes.request-failure', hidden: true },
  // Welcome pages (APP-15)
  { id: 'cust-welcome', path: 'cust/welcome', layout: 'default', permission: 'customer', titleKey: 'common:routes.welcome' },
  { id: 'merc-welcome', path: 'merc/welcome', layout: 'default', permission: 'merchant', titleKey: 'common:routes.welcome' },
  { id: 'corp-welcome', path: 'corp/welcome', layout: 'default', permission: 'corporate', titleKey: 'common:routes.welcome' },
  // Signed-in screens
  {
    id: 'purchase-requirements',
    path: 'cust/purchase-requirements',
    // The customer layout (username dropdown and logout): a page for customers alone (decision 0101).
    layout: 'customer',
    permission: 'customer',
    titleKey: 'common:routes.purchase-requirements',
  },
  { id: 'cust-loyalty', path: 'cust/loyalty', layout: 'default', permission: 'custLoyaltyView', titleKey: 'common:routes.cust-loyalty' },
  {
    id: 'tax-configuration',
    path: 'merc/tax-configuration',
    layout: 'default',
    permission: 'taxView',
    titleKey: 'common:routes.tax-configuration',
  },
  { id: 'price-report', path: 'price-report', layout: 'default', permission: 'priceFiles', titleKey: 'common:routes.price-report' },
  { id: 'file-status', path: 'file-status', layout: 'default', permission: 'priceFiles', titleKey: 'common:routes.file-status' },
  { id: 'estes-parts', path: 'corp/estes-parts', layout: 'default', permission: 'partsMappingView', titleKey: 'common:routes.estes-parts' },
  {
    id: 'core-management',
    path: 'corp/core-management',
    layout: 'default',
    permission: 'coreView',
    titleKey: 'common:routes.core-management',
  },
  {
    id: 'coreless-parts',
    path: 'corp/coreless-parts',
    layout: 'default',
    permission: 'coreView',
    titleKey: 'common:routes.core-management',
    hidden: true,
  },
  { id: 'corp-loyalty', path: 'corp/loyalty', layout: 'default', permission: 'corpLoyaltyView', titleKey: 'common:routes.corp-loyalty' },
  {
    id: 'corp-loyalty-bundle-redirect',
    path: 'corp/loyalty/bundle',
    layout: 'default',
    permission: 'corpLoyaltyView',
    titleKey: 'common:routes.corp-loyalty',
    hidden: true,
  },
  {
    id: 'corp-loyalty-bundle',
    path: 'corp/loyalty/bundle/:bundleId',
    layout: 'default',
    permission: 'corpLoyaltyView',
    titleKey: 'common:routes.bundle-detail',
    hidden: true,
  },
  {
    id: 'customer-create',
    path: 'framework/customer/create',
    layout: 'default',
    permission: 'customerCreate',
    titleKey: 'common:routes.customer-create',
  },
  {
    id: 'customer-maintenance',
    path: 'corp/customers',
    layout: 'default',
    permission: 'corporate',
    titleKey: 'common:routes.customer-maintenance',
  },
  {
    id: 'customer-details',
    path: 'corp/customers/:custNo/details',
    layout: 'default',
    permission: 'corporate',
    titleKey: 'common:routes.customer-details',
    hidden: true,
  },
  {
    id: 'account-requests',
    path: 'corp/account-requests',
    layout: 'default',
    permission: 'corporate',
    titleKey: 'common:routes.account-requests',
  },
  { id: 'audit-history', path: 'corp/audit', layout: 'default', permission: 'corporate', titleKey: 'common:routes.audit-history' },
  { id: 'profile', path: 'profile', layout: 'default', permission: 'signedIn', titleKey: 'common:routes.profile', hidden: true },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/**
 * Whether a page address below the app's prefix (`corp/customers`, `/corp/Customers/`) is the route's, as the
 * web app's router matches it: the fixed segments ignoring case, a parameter any one segment. The server
 * (the page's HTML, decision 0990) and the browser (a list's first request, decision 0610) match alike.
 */
export function routeMatches(route: RouteDef, subPath: string): boolean {
  const segments = subPath.replace(/^\/+|\/+$/g, '').split('/');
  const pattern = route.path.split('/');
  return (
    pattern.length === segments.length &&
    pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase())
  );
}

export function routeById(id: RouteId): RouteDef {
  const r = ROUTES.find((x) => x.id === id);
  if (!r) throw new Error(`unknown route ${id}`);
  return r;
}

/**
 * A route's metadata as the web app's router holds it in `handle` (issue 2: layout, userTypes, tasks,
 * titleKey, id, hidden), read from the route table and the route's permission.
 */
export interface RouteHandle extends RouteDef {
  /** The account types that may open it; null when anyone may, signed in or not. */
  userTypes: readonly AccountType[] | null;
  /** The tasks of which the user needs one; empty when no task is needed. */
  tasks: readonly Task[];
  hidden: boolean;
}

export function routeHandle(route: RouteDef): RouteHandle {
  const permission = route.permission ? permissions[route.permission] : undefined;
  return {
    ...route,
    hidden: route.hidden ?? false,
    userTypes: permission ? permission.userTypes : null,
    tasks: permission?.anyTask ?? [],
  };
}
