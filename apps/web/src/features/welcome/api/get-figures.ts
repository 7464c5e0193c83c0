import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WelcomeFigure } from '@fc/contract';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/welcome/figures: the live figures of the screens this user may open. */
export async function getWelcomeFigures(): Promise<WelcomeFigure[]> {
  const res = await api<Omit<WelcomeFigure, 'id'>>('/fc-common-api/welcome/figures');
  return res.data.map((r) => ({ id: r.id as WelcomeFigure['id'], value: r.value, routeId: r.routeId }));
}

export const welcomeFiguresQuery = queryOptions({ queryKey: ['welcome-figures'], queryFn: getWelcomeFigures, staleTime: 0 });

export function useWelcomeFigures() {
  return useQuery(welcomeFiguresQuery);
}
