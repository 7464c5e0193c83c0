import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateDetails } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/loyalty/program?loyalty_program_seq=: the template with its milestones. */
export async function getTemplate(seq: number): Promise<TemplateDetails> {
  const res = await api<TemplateDetails>('/fc-common-api/loyalty/program', { query: { loyalty_program_seq: seq } });
  return res.data[0]!;
}

export const templateQuery = (seq: number) =>
  queryOptions({ queryKey: ['corp-loyalty', 'template', seq], queryFn: () => getTemplate(seq) });

export function useTemplate(seq: number | undefined) {
  return useQuery({ ...templateQuery(seq ?? 0), enabled: !!seq });
}
