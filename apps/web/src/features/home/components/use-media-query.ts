import { useSyncExternalStore } from 'react';

/** True while the media query matches (the landing's mobile layout is `(max-width: 700px)`). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Mobile breakpoints (PUB-04). */
export const LANDING_MOBILE = '(max-width: 700px)';
export const CREDIT_BACK_MOBILE = '(max-width: 768px)';
