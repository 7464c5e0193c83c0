/**
 * POST /fc-common-api/loyalty/bundles/{bundle}/item-codes/add/csv: one file in the multipart field `file`, sent
 * by useFileJob. The answer is final (the unit has run): data[0].status 'success', or a 400 listing the rows.
 */
export const itemCodeImportPath = (bundleSeq: number) => `/fc-common-api/loyalty/bundles/${bundleSeq}/item-codes/add/csv`;

export interface ItemCodeImportAnswer {
  status: string;
  added: number;
  fileSeq: number;
}
