import { AccountType, Task, type MfaPolicy } from '@fc/contract';

/** The tasks that change something: a corporate user holding one is an "editor" (MFA_POLICY=editors). */
export const EDIT_TASKS: readonly number[] = [Task.TaxModify, Task.CoreModify, Task.PartsMappingModify, Task.CorpLoyaltyModify];

export interface PolicySubject {
  accountType: number;
  grantedTasks: readonly number[];
  isAdmin: boolean;
  ssoUser: boolean;
}

/**
 * Whether MFA_POLICY requires this user to have a second factor (decision 0700). Single-sign-on users never:
 * their identity provider owns their factors. Dealers and customers never: it is optional for them.
 */
export function secondFactorRequired(policy: MfaPolicy, u: PolicySubject): boolean {
  if (u.ssoUser || u.accountType !== AccountType.Corporate) return false;
  switch (policy) {
    case 'admins':
      return u.isAdmin;
    case 'editors':
      return u.isAdmin || u.grantedTasks.some((t) => EDIT_TASKS.includes(t));
    case 'corporate':
      return true;
    default:
      return false;
  }
}

/** Whether a user may have a second factor at all: policy on, and not a single-sign-on user. */
export function secondFactorApplies(policy: MfaPolicy, u: { ssoUser: boolean }): boolean {
  return policy !== 'off' && !u.ssoUser;
}
