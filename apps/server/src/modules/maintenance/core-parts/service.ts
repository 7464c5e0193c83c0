import type { AppContext } from '../../../context';
import { corePartPage, type CoreListQuery } from './repo';

/** Core parts with their customer's name (CORE-01), filtered, sorted and paged. */
export function listCoreParts(ctx: AppContext, q: CoreListQuery) {
  return corePartPage(ctx.db, q, ctx.config.LIST_EXACT_COUNT_MAX);
}
