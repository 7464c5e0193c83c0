import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequestStatus } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/users/account_requests/{id}/status (audited on the server). */
export async function setAccountRequestStatus(input: { id: string; status: AccountRequestStatus }) {
  const res = await api<{ status: string; requestStatus: AccountRequestStatus }>(
    `/fc-common-api/users/account_requests/${encodeURIComponent(input.id)}/status`,
    {
      method: 'POST',
      body: { status: input.status },
    },
  );
  return res.data[0];
}

export function useSetAccountRequestStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAccountRequestStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['account-requests'] }),
  });
}
