import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@fc/contract';
import { api } from '../api-client';

export async function getAppConfig(): Promise<AppConfig> {
  const res = await api<AppConfig>('/fc-common-api/app-config');
  return res.data[0] as unknown as AppConfig;
}

export const appConfigQuery = queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
