/** The health module, as the rest of the server sees it (decision 0800). */
export { healthRoutes } from './routes';
