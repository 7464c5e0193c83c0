import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionEndpointRefs, type AppConfig } from '@fc/contract';
import { call } from '../endpoint-client';
import { queryKeysFactory } from '../query-keys';

export async function getAppConfig(): Promise<AppConfig> {
  const res = await call(sessionEndpointRefs.appConfig);
  return res.data[0] as AppConfig;
}

export const appConfigQuery = queryOptions({ queryKey: queryKeysFactory('app-config').all, queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
