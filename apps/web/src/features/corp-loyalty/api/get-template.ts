import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { templateKeys } from './query-keys';

/** One template by loyalty_program_seq, with its milestones. */
export async function getTemplate(seq: number) {
  const res = await call(templateEndpoints.details, { query: { loyalty_program_seq: seq } });
  return res.data[0]!;
}

export const templateQuery = (seq: number) => queryOptions({ queryKey: templateKeys.detail(seq), queryFn: () => getTemplate(seq) });

export function useTemplate(seq: number | undefined) {
  return useQuery({ ...templateQuery(seq ?? 0), enabled: !!seq });
}
