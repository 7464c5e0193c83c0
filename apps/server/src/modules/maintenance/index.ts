/** The maintenance module, as the rest of the server sees it (decision 0800). */
export { maintenanceRoutes } from './routes';
export { coreFileJob } from './job';
