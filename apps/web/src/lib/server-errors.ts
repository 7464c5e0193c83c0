import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { JsonApiError } from '@fc/contract';
import { ApiError } from './api-client';

/** The request field an error names: the last step of its JSON pointer or its query parameter ('' when none). */
export function errorField(e: JsonApiError): string {
  return (e.source?.pointer ?? e.source?.parameter ?? '').replace(/^\//, '').split('/').pop() ?? '';
}

/** A refusal the form can explain (a 4xx answer), as opposed to a network failure or a defect (5xx). */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status !== 0 && err.status < 500;
}

export interface ServerErrorMapping<T extends FieldValues> {
  /** The form field an error marks, or undefined when it marks none. */
  field(e: JsonApiError): Path<T> | undefined;
  /** What the field shows: a message key or code of the contract (the error's code unless said otherwise). */
  message?(e: JsonApiError): string;
  /** The first marked field takes the focus (its message may be far above the buttons); true unless said otherwise. */
  focus?: boolean;
}

/**
 * The one mapper from a refused write to the form's fields (every form uses it): each error of the answer
 * that `mapping.field` places is set on its field (the first error a field gets is the one it shows) and
 * the first marked field takes the focus. Answers how many fields were marked: 0 when `err` is no answer of
 * the server, so the caller shows its general failure.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  mapping: ServerErrorMapping<T>,
): number {
  if (!(err instanceof ApiError)) return 0;
  const marked = new Set<string>();
  for (const e of err.errors) {
    const name = mapping.field(e);
    if (!name || marked.has(name)) continue;
    setError(
      name,
      { message: mapping.message ? mapping.message(e) : e.code },
      { shouldFocus: mapping.focus !== false && marked.size === 0 },
    );
    marked.add(name);
  }
  return marked.size;
}
