import { queryKeysFactory } from '@/lib/query-keys';

export const profileKeys = queryKeysFactory('profile');
export const secondFactorKeys = queryKeysFactory('second-factor');
export const secondFactorChallengeKeys = queryKeysFactory('second-factor-challenge');
export const passwordRequestKeys = queryKeysFactory('check-password-request');
