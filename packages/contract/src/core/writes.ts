import { AccountType } from './account-types';
import { permissions, Task, type PermissionName, type Principal } from './tasks';

/** Who may call a route: everyone, or holders of a named permission. */
export type RouteAccess = 'public' | PermissionName;

/**
 * One write of the portal (a POST, PUT, PATCH or DELETE route) and who may make it.
 *
 * - `access`: the permission the route declares (the server enforces it before the handler runs).
 * - `rule`: the rule in words, as docs/permissions.md shows it.
 * - `basis`: where the rule comes from (the requirement ids of docs/requirements.md, or a decision record).
 * - `viewOnly`: present when a corporate user holding only view tasks (502, 505, 508) may make this write,
 *   with the reason: the specification opens it to every corporate user, or it changes only the caller's
 *   own session or settings. Absent: such a user is refused (PERM-03).
 */
export interface WriteRule {
  access: RouteAccess;
  rule: string;
  basis: string;
  viewOnly?: string;
}

const OWN = 'changes only the caller’s own session or settings';
const PUBLIC_FORM = 'a public form: anyone, signed in or not';

/**
 * Every write route of the portal, keyed `METHOD /path` as the server registers it. The route declarations
 * take their access from here (`writeAccess`), the server refuses at start a write route without a row or
 * with another access, the permission-matrix test calls each row as every kind of user, and
 * docs/permissions.md is generated from it (`npm run docs:permissions`; a test fails when it is stale).
 */
export const WRITE_RULES = {
  'POST /framework/login/:type': {
    access: 'public',
    rule: 'anyone (the sign-in form)',
    basis: 'AUTH-04, AUTH-13',
    viewOnly: PUBLIC_FORM,
  },
  'POST /framework/login/second-factor': {
    access: 'public',
    rule: 'anyone holding a sign-in challenge (the second-factor code step)',
    basis: 'decision 0700',
    viewOnly: PUBLIC_FORM,
  },
  'POST /framework/logout': {
    access: 'public',
    rule: 'anyone (ends the caller’s own session)',
    basis: 'APP-12, AUTH-13',
    viewOnly: OWN,
  },
  'POST /fc-common-api/users/create_reset_password_request': {
    access: 'public',
    rule: 'anyone (the forgotten-password form)',
    basis: 'AUTH-05, AUTH-13',
    viewOnly: PUBLIC_FORM,
  },
  'POST /fc-common-api/users/reset_password': {
    access: 'public',
    rule: 'anyone holding a reset link',
    basis: 'AUTH-07, AUTH-13',
    viewOnly: PUBLIC_FORM,
  },
  'POST /fc-common-api/users/create_account_request': {
    access: 'public',
    rule: 'anyone (the account request form)',
    basis: 'ACCT-06, AUTH-13',
    viewOnly: PUBLIC_FORM,
  },
  'POST /fc-common-api/session/ping': {
    access: 'signedIn',
    rule: 'any signed-in user (keeps the own session alive)',
    basis: 'SESS-07, AUTH-13',
    viewOnly: OWN,
  },
  'POST /fc-common-api/session/verify': {
    access: 'signedIn',
    rule: 'any signed-in user (confirms the own password or code: the step-up check)',
    basis: 'decision 0700',
    viewOnly: OWN,
  },
  'POST /fc-common-api/users/second-factor/enrolment': {
    access: 'signedIn',
    rule: 'any signed-in user (starts the own second factor’s enrolment)',
    basis: 'decision 0700',
    viewOnly: OWN,
  },
  'POST /fc-common-api/users/second-factor/enrolment/confirm': {
    access: 'signedIn',
    rule: 'any signed-in user (confirms the own second factor)',
    basis: 'decision 0700',
    viewOnly: OWN,
  },
  'POST /fc-common-api/users/second-factor/recovery-codes': {
    access: 'signedIn',
    rule: 'any signed-in user (replaces the own recovery codes)',
    basis: 'decision 0700',
    viewOnly: OWN,
  },
  'DELETE /fc-common-api/users/second-factor': {
    access: 'signedIn',
    rule: 'any signed-in user (removes the own second factor, with password and code)',
    basis: 'decision 0700',
    viewOnly: OWN,
  },
  'POST /fc-common-api/users/language': {
    access: 'signedIn',
    rule: 'any signed-in user (the own language)',
    basis: 'I18N-02, AUTH-13',
    viewOnly: OWN,
  },
  'POST /fc-common-api/users/profile': {
    access: 'signedIn',
    rule: 'any signed-in user (the own name and e-mail)',
    basis: 'AUTH-13',
    viewOnly: OWN,
  },
  'POST /fc-common-api/mpp/price': {
    access: 'priceFileUpload',
    rule: 'a dealer, for its own merchant number; corporate staff for any dealer with task 506',
    basis: 'FILE-06, PERM-06; decision 0300',
  },
  'POST /fc-common-api/transactions/file': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509 (the file changes loyalty spend and payouts)',
    basis: 'FILE-10; decision 0300',
  },
  'POST /fc-common-api/parts/estes_create': {
    access: 'partsMappingModify',
    rule: 'corporate staff with task 507',
    basis: 'PART-01',
  },
  'POST /fc-common-api/parts/estes_remove': {
    access: 'partsMappingModify',
    rule: 'corporate staff with task 507',
    basis: 'PART-01',
  },
  'POST /fc-common-api/cust/tax/estes_create': {
    access: 'taxModify',
    rule: 'a dealer with task 504, or any corporate user',
    basis: 'TAX-01: “task 504 or accountType 0”',
    viewOnly: 'the specification opens tax rates to every corporate user (“task 504 or accountType 0”)',
  },
  'POST /fc-common-api/cust/tax/estes_expire': {
    access: 'taxModify',
    rule: 'a dealer with task 504, or any corporate user',
    basis: 'TAX-01: “task 504 or accountType 0”',
    viewOnly: 'the specification opens tax rates to every corporate user (“task 504 or accountType 0”)',
  },
  'POST /fc-common-api/parts/core-management': {
    access: 'coreModify',
    rule: 'corporate staff with task 506',
    basis: 'CORE-01',
  },
  'POST /fc-common-api/users/account_requests/:id/status': {
    access: 'accountRequestReview',
    rule: 'corporate staff with task 509',
    basis: 'decision 0300 (CUST-18: “internal; gating not shown”)',
  },
  'POST /framework/customers/create': {
    access: 'customerCreate',
    rule: 'corporate staff with task 509',
    basis: 'decision 0300 (CUST-18: “internal; gating not shown”)',
  },
  'POST /fc-common-api/loyalty/custs_add': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/custs_del': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/program/add': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/program/update': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/program_deactivate': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundle/add': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundle/:id/update': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundle/deactivate': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundle/:id/item_codes/add': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundles/:bundle/item-codes/:itemCodeSeq/update': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundles/:bundle/item-codes/:code/delete': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
  'POST /fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv': {
    access: 'corpLoyaltyModify',
    rule: 'corporate staff with task 509',
    basis: 'LOY-03',
  },
} as const satisfies Record<string, WriteRule>;

export type WriteRoute = keyof typeof WRITE_RULES;

/** The methods that change state: every route with one of them needs a row of WRITE_RULES. */
export const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The access a write route declares: taken from its row, so the declaration and the table cannot differ. */
export function writeAccess<R extends WriteRoute>(route: R): (typeof WRITE_RULES)[R]['access'] {
  return WRITE_RULES[route].access;
}

/** The view tasks: a corporate user holding only these changes nothing (PERM-03). */
export const VIEW_TASKS: readonly Task[] = [Task.PartsMappingView, Task.CoreView, Task.CorpLoyaltyView];

/**
 * The kinds of user the permission matrix (test and document) shows for every write. `null`: nobody signed in.
 * "the edit task" is, per write, a corporate user holding exactly the tasks the write's permission names.
 */
export const USER_KINDS = [
  { id: 'anonymous', label: 'anonymous', principal: null },
  { id: 'corp-no-task', label: 'corporate, no task', principal: { accountType: AccountType.Corporate, grantedTasks: [] } },
  { id: 'corp-view', label: 'corporate, view tasks only', principal: { accountType: AccountType.Corporate, grantedTasks: VIEW_TASKS } },
  { id: 'corp-edit', label: 'corporate, the edit task', principal: 'edit-task' },
  { id: 'admin', label: 'administrator', principal: { accountType: AccountType.Corporate, grantedTasks: Object.values(Task) } },
  { id: 'dealer', label: 'dealer, no task', principal: { accountType: AccountType.Merchant, grantedTasks: [] } },
  { id: 'dealer-504', label: 'dealer, task 504', principal: { accountType: AccountType.Merchant, grantedTasks: [Task.TaxModify] } },
  { id: 'customer', label: 'customer, task 510', principal: { accountType: AccountType.Customer, grantedTasks: [Task.CustLoyaltyView] } },
] as const satisfies readonly { id: string; label: string; principal: Principal | null | 'edit-task' }[];
export type UserKindId = (typeof USER_KINDS)[number]['id'];

/** The corporate user holding exactly the tasks a write's permission names (none for a write without a task). */
export function editTaskPrincipal(access: RouteAccess): Principal {
  const tasks = access === 'public' ? [] : (permissions[access].anyTask ?? []);
  return { accountType: AccountType.Corporate, grantedTasks: [...tasks] };
}

/** Whether a kind of user may make a write, by the table. */
export function kindMay(access: RouteAccess, kind: (typeof USER_KINDS)[number]): boolean {
  if (access === 'public') return true;
  const principal = kind.principal === 'edit-task' ? editTaskPrincipal(access) : kind.principal;
  return principal !== null && permissions[access].check(principal);
}

/** docs/permissions.md: the table as a document, one row per write and one column per kind of user. */
export function permissionsDocument(): string {
  const header = ['write', 'who may', 'basis', ...USER_KINDS.map((k) => k.label)];
  const lines = [
    '# Who may write',
    '',
    '<!-- Generated from packages/contract/src/core/writes.ts by `npm run docs:permissions`; a test fails when it is stale. -->',
    '',
    'Every write of the portal (each POST or DELETE route; the portal has no PUT or PATCH route) and who may make it.',
    'The server declares each route’s access from the same table (`writeAccess`) and refuses at start a write',
    'route without a row. A corporate user whose tasks are all view tasks (502, 505, 508) makes none of these',
    'writes except those marked in the last section below (PERM-03; decision 0300).',
    '',
    'Columns on the right: ✓ allowed, ✗ refused (401 for anonymous, 403 with code 209 otherwise). “The edit task” is',
    'a corporate user holding exactly the task the rule names. The administrator holds every task.',
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
  ];
  for (const [route, row] of Object.entries(WRITE_RULES) as [WriteRoute, WriteRule][]) {
    const cells = USER_KINDS.map((k) => (kindMay(row.access, k) ? '✓' : '✗'));
    lines.push(`| \`${route}\` | ${row.rule} | ${row.basis} | ${cells.join(' | ')} |`);
  }
  lines.push('', '## Writes a view-only corporate user keeps, and why', '');
  for (const [route, row] of Object.entries(WRITE_RULES) as [WriteRoute, WriteRule][]) {
    if (row.viewOnly) lines.push(`- \`${route}\`: ${row.viewOnly}.`);
  }
  lines.push('');
  return lines.join('\n');
}
