import { startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Location } from 'react-router';

/*
 * The address's query string, read and written by the portal's pages instead of React Router's
 * useSearchParams (lint: no-restricted-imports). A table's paging and sorting change the query string
 * "shallowly" (decision 0994): the browser's address is replaced at once, without a router navigation, so a
 * click on a page or a sort renders the table alone, not the layout, its menu links and the route's loaders.
 * Every reader below sees the shallow query string, and any router navigation builds on it.
 */

interface Shallow {
  /** The router's location when the change was made: once the router moves on, its own address holds. */
  key: string;
  search: string;
}
/** Per router (its navigator): the query string a shallow change left, and who reads it. */
const shallowByRouter = new WeakMap<object, Shallow>();
const readersByRouter = new WeakMap<object, Set<(shallow: Shallow) => void>>();

function subscribe(router: object, reader: (shallow: Shallow) => void) {
  let readers = readersByRouter.get(router);
  if (!readers) readersByRouter.set(router, (readers = new Set()));
  readers.add(reader);
  return () => void readers.delete(reader);
}

const searchOf = (location: Location, shallow: Shallow | undefined) =>
  shallow && shallow.key === location.key ? shallow.search : location.search;

/**
 * The address's query string as the user sees it, kept up to date by shallow changes. They reach the readers
 * as a transition: the click that made one paints at once (INP), and the table renders in the next frames.
 */
function useShallowSearch(): { location: Location; router: object; search: string } {
  const location = useLocation();
  const router = useContext(UNSAFE_NavigationContext).navigator;
  const [shallow, setShallow] = useState(() => shallowByRouter.get(router));
  useEffect(() => {
    const unsubscribe = subscribe(router, setShallow);
    // A shallow change made between this render and the subscription (another component's layout effect, a
    // click while the commit's effects wait on a busy machine) reached no reader: catch up with it now.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from an outside store, as useSyncExternalStore does on subscribe
    setShallow(shallowByRouter.get(router));
    return unsubscribe;
  }, [router]);
  return { location, router, search: searchOf(location, shallow) };
}

const withQuestionMark = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

export interface SetUrlSearchParamsOptions {
  /** Replace the history entry instead of adding one. */
  replace?: boolean;
  /**
   * Change the address without a router navigation (no loader, no layout render); only with `replace`: the
   * history entry stays the router's own, so Back and Forward still go through the router.
   */
  shallow?: boolean;
  /**
   * With `shallow`: what the readers wait for before they see the change (a table's next rows), at most
   * READERS_WAIT_MS; the address changes at once. Called once the next query string is known.
   */
  readersAfter?: () => Promise<unknown> | undefined;
}

/** How long the readers of a shallow change wait for what it asked for before they show it loading. */
export const READERS_WAIT_MS = 600;

export type SetUrlSearchParams = (
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: SetUrlSearchParamsOptions,
) => void;

/** The query string of the address as the user sees it, and its setter (see above). */
export function useUrlSearchParams(): [URLSearchParams, SetUrlSearchParams] {
  const { location, router, search } = useShallowSearch();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // The setter reads the address at the time it is called: two changes in one turn build on each other.
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location]);

  const setParams = useCallback<SetUrlSearchParams>(
    (next, { replace = false, shallow: withoutNavigation = false, readersAfter } = {}) => {
      const here = locationRef.current;
      const resolved = typeof next === 'function' ? next(new URLSearchParams(searchOf(here, shallowByRouter.get(router)))) : next;
      const nextSearch = withQuestionMark(resolved);
      if (withoutNavigation && replace) {
        const change = { key: here.key, search: nextSearch };
        shallowByRouter.set(router, change);
        // The router's basename is in the browser's path, not in the router's: replace the query string only.
        if (window.location.pathname.endsWith(here.pathname))
          window.history.replaceState(window.history.state, '', `${window.location.pathname}${nextSearch}${window.location.hash}`);
        // The readers get the latest change, not this one: a later click may have been made while this waited.
        const notify = () =>
          startTransition(() => {
            const latest = shallowByRouter.get(router) ?? change;
            readersByRouter.get(router)?.forEach((read) => read(latest));
          });
        const wait = readersAfter?.();
        if (!wait) return notify();
        let done = false;
        const once = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          notify();
        };
        const timer = setTimeout(once, READERS_WAIT_MS);
        void wait.then(once, once);
        return;
      }
      void navigate({ pathname: here.pathname, search: nextSearch, hash: here.hash }, { replace });
    },
    [navigate, router],
  );
  return [params, setParams];
}

/** The path and query string the user sees (a shallow change included), e.g. to key what is kept for the page. */
export function useUrlPathAndSearch(): string {
  const { location, search } = useShallowSearch();
  return `${location.pathname}${search}`;
}
