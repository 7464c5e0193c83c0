import { useMutation } from '@tanstack/react-query';
import type { AccountRequestForm } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/users/create_account_request; the page reads data[0].status. */
export async function createAccountRequest(body: AccountRequestForm) {
  const res = await api<{ status: string }>('/fc-common-api/users/create_account_request', { method: 'POST', body });
  return res.data[0];
}

export function useCreateAccountRequest() {
  return useMutation({ mutationFn: createAccountRequest });
}
