/** The loyalty module, as the rest of the server sees it (decision 0800). */
export { loyaltyRoutes } from './routes';
export { itemCodeFileJob } from './item-code-import';
