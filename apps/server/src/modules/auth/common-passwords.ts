import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_RULE } from '@fc/contract';

/**
 * Common and breached passwords, from the list that ships with @zxcvbn-ts/language-common (the most frequent
 * passwords of public breaches, about 49,000; no network call). Only those the specification's rule admits
 * (8 to 12 letters and digits, with a digit) can be chosen, so only those are kept: about 8,000, lower case.
 * A password is compared without regard to case ("Password1" is "password1").
 */
let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()).filter((p) => PASSWORD_RULE.test(p)));
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords of the rule the list refuses (for the documentation and the tests). */
export const commonPasswordCount = () => commonPasswords().size;
