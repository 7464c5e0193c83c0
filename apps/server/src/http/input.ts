import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnstorableCharacter, isNameOrDescriptionField, stripInvisible } from '@fc/contract';
import { errorObject, sendErrors } from './errors';

/** The English detail of `invalid-characters`; the browser shows its own translation of the code. */
export const invalidCharactersDetail = (field: string) =>
  `${field} contains a character that cannot be stored (NUL or an unpaired surrogate)`;

/**
 * The first value of `value` (a decoded query, path parameters or a parsed body) that holds a character the
 * database cannot store, as its field path (`filter[user]`, `items.0.description`); keys are checked too.
 */
export function unstorableField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (hasUnstorableCharacter(key)) return at;
    const found = unstorableField(v, at);
    if (found) return found;
  }
  return undefined;
}

/** Removes bidirectional controls and zero-width characters from the names and descriptions of a body, in place. */
export function stripInvisibleInNames(value: unknown, depth = 0): void {
  if (value === null || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (typeof v === 'string') {
      if (isNameOrDescriptionField(key)) record[key] = stripInvisible(v);
    } else stripInvisibleInNames(v, depth + 1);
  }
}

/**
 * The first line of input checking (decision 0320), before any route's validation: a character
 * PostgreSQL cannot store (NUL, a lone surrogate) in the path, the query or the body answers 400
 * `invalid-characters` naming the field, so that no such value reaches a statement (where it answered
 * 500); names and descriptions lose their bidirectional controls and zero-width characters.
 */
export function registerInputChecks(app: FastifyInstance) {
  // Synchronous (callback style): no promise or turn of the event loop per request (issue 22).
  app.addHook('preValidation', (req: FastifyRequest, reply, done) => {
    const where: [unknown, 'parameter' | 'pointer'][] = [
      [req.params, 'parameter'],
      [req.query, 'parameter'],
      [req.body, 'pointer'],
    ];
    for (const [value, location] of where) {
      const field = unstorableField(value);
      if (field) {
        void sendErrors(reply, 400, [errorObject(400, 'invalid-characters', invalidCharactersDetail(field), field, location)]);
        return;
      }
    }
    stripInvisibleInNames(req.body);
    done();
  });
}
