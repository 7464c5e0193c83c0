import { accountEndpoints } from './account';
import { secondFactorEndpoints } from './second-factor';
import { sessionEndpoints } from './session';
import { welcomeEndpoints } from './welcome';

export * from './account';
export * from './second-factor';
export * from './session';
export * from './session-paths';
export * from './welcome';

/** Every endpoint of the auth domain (sign-in, session, password, profile, second factor, app config, welcome). */
export const authEndpoints = { ...sessionEndpoints, ...accountEndpoints, ...secondFactorEndpoints, ...welcomeEndpoints };
