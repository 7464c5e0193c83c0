import { AccountType } from './account-types';

/** Granted task numbers (PERM-02). */
export const Task = {
  PartsMappingView: 502,
  TaxModify: 504,
  CoreView: 505,
  CoreModify: 506,
  PartsMappingModify: 507,
  CorpLoyaltyView: 508,
  CorpLoyaltyModify: 509,
  CustLoyaltyView: 510,
} as const;
export type Task = (typeof Task)[keyof typeof Task];
export const ALL_TASKS: readonly Task[] = Object.values(Task);

/** What a permission check needs to know about the signed-in user. */
export interface Principal {
  accountType: AccountType;
  workingAccountType?: AccountType | null;
  grantedTasks: readonly number[];
}

export function effectiveType(p: Principal): AccountType {
  return p.workingAccountType ?? p.accountType;
}

const hasAny = (p: Principal, tasks: readonly number[]) => tasks.some((t) => p.grantedTasks.includes(t));

/**
 * A named permission: the account types that may hold it and the tasks of which one is needed.
 * `check` is the whole rule; `userTypes` and `anyTask` describe it for tests and menus.
 */
export interface Permission {
  userTypes: readonly AccountType[];
  anyTask?: readonly Task[];
  check(p: Principal): boolean;
}

function permission(userTypes: readonly AccountType[], anyTask?: readonly Task[]): Permission {
  return {
    userTypes,
    anyTask,
    check: (p) => userTypes.includes(effectiveType(p)) && (!anyTask || hasAny(p, anyTask)),
  };
}

/** Every permission of the portal, by name. Both the server and the browser check these. */
export const permissions = {
  /** Any signed-in user. */
  signedIn: permission([0, 1, 2]),
  corporate: permission([0]),
  merchant: permission([1]),
  customer: permission([2]),
  /** Price report and file status: dealers and corporate staff (rule PERM-06: the specification does not say). */
  priceFiles: permission([0, 1]),
  partsMappingView: permission([0], [Task.PartsMappingView, Task.PartsMappingModify]),
  partsMappingModify: permission([0], [Task.PartsMappingModify]),
  /** Tax page: merchants; corporate staff may also open it to add and expire rates. */
  taxView: permission([1, 0]),
  taxModify: {
    userTypes: [0, 1],
    anyTask: [Task.TaxModify],
    check: (p: Principal) =>
      effectiveType(p) === AccountType.Corporate || (effectiveType(p) === AccountType.Merchant && hasAny(p, [Task.TaxModify])),
  },
  /**
   * Filing a price file: a dealer files its own (any dealer, rule PERM-06); corporate staff filing for a
   * dealer need task 506, the corporate task that changes part prices (decision 0300).
   */
  priceFileUpload: {
    userTypes: [1, 0],
    anyTask: [Task.CoreModify],
    check: (p: Principal) =>
      effectiveType(p) === AccountType.Merchant || (effectiveType(p) === AccountType.Corporate && hasAny(p, [Task.CoreModify])),
  },
  /** Creating a customer: corporate staff holding task 509, who maintain the programme's customers (decision 0300). */
  customerCreate: permission([0], [Task.CorpLoyaltyModify]),
  /** Approving or rejecting an account request, which leads to creating a customer: the same rule (decision 0300). */
  accountRequestReview: permission([0], [Task.CorpLoyaltyModify]),
  coreView: permission([0], [Task.CoreView, Task.CoreModify]),
  coreModify: permission([0], [Task.CoreModify]),
  corpLoyaltyView: permission([0], [Task.CorpLoyaltyView, Task.CorpLoyaltyModify]),
  corpLoyaltyModify: permission([0], [Task.CorpLoyaltyModify]),
  /** Customer loyalty: a customer with task 510, or any corporate user (LOY-02). */
  custLoyaltyView: {
    userTypes: [2, 0],
    anyTask: [Task.CustLoyaltyView],
    check: (p: Principal) =>
      effectiveType(p) === AccountType.Corporate || (effectiveType(p) === AccountType.Customer && hasAny(p, [Task.CustLoyaltyView])),
  },
} satisfies Record<string, Permission>;

export type PermissionName = keyof typeof permissions;

export function can(p: Principal | null | undefined, name: PermissionName): boolean {
  return !!p && permissions[name].check(p);
}
