import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { appConfigRoutes } from './app-config/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { secondFactorRoutes } from './auth/second-factor/routes';
import { customersRoutes } from './customers/routes';
import { filesRoutes } from './files/routes';
import { healthRoutes } from './health/routes';
import { loyaltyEngineRoutes } from './loyalty-engine/routes';
import { loyaltyRoutes } from './loyalty/routes';
import { maintenanceRoutes } from './maintenance/routes';
import { publicSiteRoutes } from './public-site/routes';
import { welcomeRoutes } from './welcome/routes';

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
