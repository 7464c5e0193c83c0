import { useEffect, useRef, useState } from 'react';
import { useUrlPathAndSearch } from './url-search';
import { useCurrentUser } from './session/current-user';

/**
 * Drafts of unsaved forms, kept when the session timeout signs the user out and offered back on the same
 * page after the next sign-in (docs/decisions/0011-passwords-timeout-and-drafts.md).
 *
 * A form opts in with `useDraft({ values })`, where `values()` answers the unsaved values (or null when
 * there is nothing unsaved). Nothing is written while the user works: only `saveAllDrafts()`, which the
 * session-timeout mechanism calls just before it signs the user out, writes the drafts of the forms on
 * screen. Drafts live in localStorage under `fc.draft:<username>:<page>`, so another user of the same
 * browser never sees them, and are dropped after DRAFT_MAX_AGE_MS.
 *
 * Never draft secrets: list password-like fields in `exclude` (or do not use drafts on such a form).
 */

export const DRAFT_PREFIX = 'fc.draft:';
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface StoredDraft<T> {
  savedAt: number;
  values: T;
}

type Provider = () => void;
const providers = new Set<Provider>();

export const draftKey = (username: string, page: string) => `${DRAFT_PREFIX}${username.toLowerCase()}:${page}`;

/** Writes the draft of every form on screen that has unsaved values; answers how many were written. */
export function saveAllDrafts(): number {
  let before = 0;
  for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(DRAFT_PREFIX)) before++;
  for (const save of providers) {
    try {
      save();
    } catch {
      /* a full or disabled storage loses the draft, never the sign-out */
    }
  }
  let after = 0;
  for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(DRAFT_PREFIX)) after++;
  return Math.max(0, after - before);
}

export function readDraft<T>(key: string, now = Date.now()): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDraft<T>;
    if (typeof stored?.savedAt !== 'number' || now - stored.savedAt > DRAFT_MAX_AGE_MS) {
      localStorage.removeItem(key);
      return null;
    }
    return stored.values;
  } catch {
    return null;
  }
}

function withoutExcluded<T>(values: T, exclude: readonly string[]): T {
  if (!values || typeof values !== 'object' || exclude.length === 0) return values;
  const copy = { ...(values as Record<string, unknown>) };
  for (const k of exclude) delete copy[k];
  return copy as T;
}

export interface UseDraftOptions<T> {
  /** The unsaved values to keep, or null when the form has nothing unsaved. */
  values: () => T | null;
  /** Fields never written (passwords, tokens). */
  exclude?: readonly string[];
  /** The page the draft belongs to; default the current path and query. */
  page?: string;
}

export interface Draft<T> {
  /** A draft saved for this page and user, waiting for an answer. */
  draft: T | null;
  /** Forget the draft (after restoring it, declining it, or saving the form). */
  discard(): void;
}

export function useDraft<T>({ values, exclude = [], page }: UseDraftOptions<T>): Draft<T> {
  const address = useUrlPathAndSearch();
  const { data: user } = useCurrentUser();
  const key = user?.username ? draftKey(user.username, page ?? address) : null;
  // The key whose draft was answered (restored or declined); its draft is no longer offered.
  const [answered, setAnswered] = useState<string | null>(null);
  const draft = key && answered !== key ? readDraft<T>(key) : null;
  const valuesRef = useRef(values);
  const excludeRef = useRef(exclude);
  useEffect(() => {
    valuesRef.current = values;
    excludeRef.current = exclude;
  });

  useEffect(() => {
    if (!key) return;
    const save: Provider = () => {
      const current = valuesRef.current();
      if (current == null) return;
      const stored: StoredDraft<T> = { savedAt: Date.now(), values: withoutExcluded(current, excludeRef.current) };
      localStorage.setItem(key, JSON.stringify(stored));
    };
    providers.add(save);
    return () => {
      providers.delete(save);
    };
  }, [key]);

  const discard = () => {
    if (!key) return;
    localStorage.removeItem(key);
    setAnswered(key);
  };

  return { draft, discard };
}
