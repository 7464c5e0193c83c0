import { z } from 'zod';
import { msg } from '../core/validation';

/** A table's filter box as the list query takes it: trimmed, at most `max` characters. */
export const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg('maxLength', { max }) });
