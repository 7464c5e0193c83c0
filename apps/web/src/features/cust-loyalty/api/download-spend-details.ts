import { spendDetailsFileName } from '@fc/contract/loyalty';
import { download } from '@/lib/api-client';

/** GET /fc-common-api/loyalty/cust_details?cust_loyalty_program_seq=: the qualifying transactions as CSV. */
export function downloadSpendDetails(custLoyaltyProgramSeq: number) {
  return download('/fc-common-api/loyalty/cust_details', spendDetailsFileName(), {
    query: { cust_loyalty_program_seq: custLoyaltyProgramSeq },
  });
}
