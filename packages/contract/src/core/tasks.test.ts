import { describe, expect, it } from 'vitest';
import type { AccountType } from './account-types';
import { ALL_TASKS, can, effectiveType, permissions, Task, type Permission, type PermissionName, type Principal } from './tasks';

const user = (accountType: AccountType, grantedTasks: number[] = [], workingAccountType: AccountType | null = null): Principal => ({
  accountType,
  grantedTasks,
  workingAccountType,
});

describe('permissions', () => {
  it('custLoyaltyView: any corporate user; a customer only with task 510; never a dealer', () => {
    expect(can(user(0), 'custLoyaltyView')).toBe(true);
    expect(can(user(0, [Task.CorpLoyaltyView]), 'custLoyaltyView')).toBe(true);
    expect(can(user(2, [Task.CustLoyaltyView]), 'custLoyaltyView')).toBe(true);
    expect(can(user(2), 'custLoyaltyView')).toBe(false);
    expect(can(user(2, [Task.TaxModify]), 'custLoyaltyView')).toBe(false);
    expect(can(user(1, [Task.CustLoyaltyView]), 'custLoyaltyView')).toBe(false);
  });

  it('taxModify: corporate users; dealers only with task 504; never customers', () => {
    expect(can(user(0), 'taxModify')).toBe(true);
    expect(can(user(1, [Task.TaxModify]), 'taxModify')).toBe(true);
    expect(can(user(1), 'taxModify')).toBe(false);
    expect(can(user(2, [Task.TaxModify]), 'taxModify')).toBe(false);
  });

  it('view permissions accept the modify task too; modify needs the modify task', () => {
    expect(can(user(0, [Task.PartsMappingModify]), 'partsMappingView')).toBe(true);
    expect(can(user(0, [Task.PartsMappingView]), 'partsMappingModify')).toBe(false);
    expect(can(user(0, [Task.CoreModify]), 'coreView')).toBe(true);
    expect(can(user(0, [Task.CorpLoyaltyModify]), 'corpLoyaltyView')).toBe(true);
    expect(can(user(0, [Task.CorpLoyaltyView]), 'corpLoyaltyModify')).toBe(false);
    // Tasks alone do not make a dealer corporate.
    expect(can(user(1, [...ALL_TASKS]), 'coreView')).toBe(false);
  });

  it('a working account type replaces the account type', () => {
    const corpAsDealer = user(0, [Task.TaxModify], 1);
    expect(effectiveType(corpAsDealer)).toBe(1);
    expect(can(corpAsDealer, 'merchant')).toBe(true);
    expect(can(corpAsDealer, 'corporate')).toBe(false);
  });

  it('nobody signed in can do nothing; signedIn admits every type', () => {
    for (const name of Object.keys(permissions) as PermissionName[]) {
      expect(can(null, name)).toBe(false);
      expect(can(undefined, name)).toBe(false);
    }
    for (const t of [0, 1, 2] as const) expect(can(user(t), 'signedIn')).toBe(true);
  });

  it("each permission's check agrees with its userTypes and anyTask description", () => {
    for (const [name, p] of Object.entries(permissions) as [string, Permission][]) {
      for (const t of [0, 1, 2] as const) {
        const withAll = p.check(user(t, [...ALL_TASKS]));
        expect(withAll, `${name} for type ${t} with every task`).toBe(p.userTypes.includes(t));
      }
    }
  });

  it('task numbers are those of the specification', () => {
    expect([...ALL_TASKS].sort()).toEqual([502, 504, 505, 506, 507, 508, 509, 510]);
  });
});
