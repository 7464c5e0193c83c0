import { custProgramEndpoints, spendDetailsFileName } from '@fc/contract/loyalty';
import { callDownload } from '@/lib/endpoint-client';

/** The qualifying transactions of one enrolment as CSV (the card's export). */
export function downloadSpendDetails(custLoyaltyProgramSeq: number) {
  return callDownload(custProgramEndpoints.spendDetails, spendDetailsFileName(), {
    query: { cust_loyalty_program_seq: custLoyaltyProgramSeq },
  });
}
