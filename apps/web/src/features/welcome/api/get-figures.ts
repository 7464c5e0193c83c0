import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, type WelcomeFigure } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { queryKeysFactory } from '@/lib/query-keys';

/** The live figures of the screens this user may open (id: the figure's key). */
export async function getWelcomeFigures(): Promise<WelcomeFigure[]> {
  const res = await call(authEndpoints.welcomeFigures);
  return res.data.map((r) => ({ id: r.id as WelcomeFigure['id'], value: r.value, routeId: r.routeId }));
}

export const welcomeFiguresQuery = queryOptions({
  queryKey: queryKeysFactory('welcome-figures').all,
  queryFn: getWelcomeFigures,
  staleTime: 0,
});

export function useWelcomeFigures() {
  return useQuery(welcomeFiguresQuery);
}
