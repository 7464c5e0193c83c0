/** The app-config module, as the rest of the server sees it (decision 0800). */
export { appConfigRoutes } from './routes';
