import { z } from 'zod';
import { msg } from '../../core/validation';

/** A sequence number in a path (`:id`, `:bundle`, `:itemCodeSeq`): a positive 32-bit integer. */
export const pathSeq = (field: string) =>
  z.coerce
    .number({ error: msg('integer', { field }) })
    .int({ error: msg('integer', { field }) })
    .min(1, { error: msg('integer', { field }) })
    .max(2_147_483_647, { error: msg('integer', { field }) });
