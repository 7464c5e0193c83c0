import type { ComponentType } from 'react';
import type { RouteId } from '@fc/contract';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * The page of each route of the contract's route table, loaded on first visit. A feature adds its pages
 * here; a test checks that every route has one.
 */
export const pages: Partial<Record<RouteId, PageModule>> = {
  home: () => import('@/features/home/components/home-page'),
  'credit-back': () => import('@/features/home/components/credit-back-page'),
  bonus: () => import('@/features/home/components/bonus-page'),
  toc: () => import('@/features/home/components/terms-page'),
  'dealer-manual': () => import('@/features/manuals/components/dealer-manual-page'),
  'customer-manual': () => import('@/features/manuals/components/customer-manual-page'),
  'error-404': () => import('@/features/errors/components/not-found-page'),
  'error-403': () => import('@/features/errors/components/forbidden-page'),
  error: () => import('@/features/errors/components/error-page'),
  'unsupported-browser': () => import('@/features/errors/components/unsupported-browser-page'),
  login: () => import('@/features/auth/components/login-page'),
  'password-reset': () => import('@/features/auth/components/password-reset-page'),
  'password-success': () => import('@/features/auth/components/password-success-page'),
  'password-update': () => import('@/features/auth/components/password-update-page'),
  profile: () => import('@/features/auth/components/profile-page'),
  'second-factor-login': () => import('@/features/auth/components/second-factor-login-page'),
  'second-factor-enrol': () => import('@/features/auth/components/second-factor-enrol-page'),
  'cust-welcome': () => import('@/features/welcome/components/welcome-page'),
  'merc-welcome': () => import('@/features/welcome/components/welcome-page'),
  'corp-welcome': () => import('@/features/welcome/components/welcome-page'),
  'price-report': () => import('@/features/files/components/price-report-page'),
  'file-status': () => import('@/features/files/components/file-status-page'),
  'estes-parts': () => import('@/features/maintenance/components/estes-parts-page'),
  'tax-configuration': () => import('@/features/maintenance/components/tax-configuration-page'),
  'core-management': () => import('@/features/maintenance/components/core-management-page'),
  'coreless-parts': () => import('@/features/maintenance/components/core-management-page'),
  request: () => import('@/features/customers/components/request-page'),
  'request-success': () => import('@/features/customers/components/request-success-page'),
  'request-failure': () => import('@/features/customers/components/request-failure-page'),
  'account-requests': () => import('@/features/customers/components/account-requests-page'),
  'customer-create': () => import('@/features/customers/components/customer-create-page'),
  'customer-maintenance': () => import('@/features/customers/components/customer-maintenance-page'),
  'customer-details': () => import('@/features/customers/components/customer-details-page'),
  'purchase-requirements': () => import('@/features/customers/components/purchase-requirements-page'),
  'audit-history': () => import('@/features/audit/components/audit-history-page'),
  'cust-loyalty': () => import('@/features/cust-loyalty/components/cust-loyalty-page'),
  'corp-loyalty': () => import('@/features/corp-loyalty/components/corp-loyalty-page'),
  'corp-loyalty-bundle-redirect': () => import('@/features/corp-loyalty/components/bundle-redirect-page'),
  'corp-loyalty-bundle': () => import('@/features/corp-loyalty/components/bundle-detail-page'),
};
