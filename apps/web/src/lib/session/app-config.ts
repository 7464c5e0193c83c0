import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionEndpoints, type AppConfig } from '@fc/contract';
import { call } from '../endpoint-client';

export async function getAppConfig(): Promise<AppConfig> {
  const res = await call(sessionEndpoints.appConfig);
  return res.data[0] as AppConfig;
}

export const appConfigQuery = queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
