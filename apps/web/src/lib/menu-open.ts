import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the signed-in layout's menu is open, held outside React so that the list's first frame and the
 * portal's layout that takes its place (decision 0640) show one menu: a menu closed in the frame stays closed.
 * Unset until someone toggles it; until then each layout opens it on a wide screen.
 */
let open: boolean | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMenuOpen(openByDefault: boolean): [boolean, (next: boolean | ((was: boolean) => boolean)) => void] {
  const value = useSyncExternalStore(subscribe, () => open ?? openByDefault);
  const set = useCallback(
    (next: boolean | ((was: boolean) => boolean)) => {
      open = typeof next === 'function' ? next(open ?? openByDefault) : next;
      for (const listener of listeners) listener();
    },
    [openByDefault],
  );
  return [value, set];
}

/** Back to a fresh page load's state, where no one has toggled the menu (each test starts there). */
export function forgetMenuOpen() {
  open = undefined;
}
