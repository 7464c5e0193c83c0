import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRequestEndpoints, type AccountRequestStatus } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { accountRequestKeys } from './query-keys';

/** Moves an account request to another review status (audited on the server). */
export async function setAccountRequestStatus(input: { id: string; status: AccountRequestStatus }) {
  const res = await call(accountRequestEndpoints.setStatus, { params: { id: input.id }, body: { status: input.status } });
  return res.data[0];
}

export function useSetAccountRequestStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAccountRequestStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: accountRequestKeys.all }),
  });
}
