import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { appConfigRoutes } from './app-config/index';
import { auditRoutes } from './audit/index';
import { authRoutes, secondFactorRoutes } from './auth/index';
import { customersRoutes } from './customers/index';
import { filesRoutes } from './files/index';
import { healthRoutes } from './health/index';
import { loyaltyEngineRoutes } from './loyalty-engine/index';
import { loyaltyRoutes } from './loyalty/index';
import { maintenanceRoutes } from './maintenance/index';
import { publicSiteRoutes } from './public-site/index';
import { welcomeRoutes } from './welcome/index';

/** Every module's routes. A module is added here and nowhere else. */
export const modules: ((ctx: AppContext) => FastifyPluginAsyncZod)[] = [
  healthRoutes,
  appConfigRoutes,
  authRoutes,
  secondFactorRoutes,
  filesRoutes,
  publicSiteRoutes,
  maintenanceRoutes,
  customersRoutes,
  auditRoutes,
  loyaltyEngineRoutes,
  loyaltyRoutes,
  welcomeRoutes,
];
