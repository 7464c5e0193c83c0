/** The auth module, as the rest of the server sees it (decision 0800). */
export { authRoutes } from './routes';
export { secondFactorRoutes } from './second-factor/routes';
export { resetSecondFactor } from './second-factor/service';
export { assertStepUp, registerSecondFactorGuards } from './second-factor/step-up';
export { welcomeUrl } from './service';
export { hashPassword, NO_LOCAL_PASSWORD } from './passwords';
export { isCommonPassword } from './common-passwords';
export { findUserByUsername, upsertUser } from './repo';
