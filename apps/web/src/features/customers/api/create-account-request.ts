import { useMutation } from '@tanstack/react-query';
import { accountRequestEndpoints, type AccountRequestForm } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';

/** The account request form's submit; the page reads data[0].status. */
export async function createAccountRequest(body: AccountRequestForm) {
  const res = await call(accountRequestEndpoints.create, { body });
  return res.data[0];
}

export function useCreateAccountRequest() {
  return useMutation({ mutationFn: createAccountRequest });
}
