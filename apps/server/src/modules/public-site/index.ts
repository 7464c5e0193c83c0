/** The public-site module, as the rest of the server sees it (decision 0800). */
export { publicSiteRoutes } from './routes';
