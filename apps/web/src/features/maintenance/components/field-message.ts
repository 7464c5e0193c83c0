import { TAX_CODE_MESSAGES } from '@fc/contract/maintenance';
import { useFieldMessage } from '@/lib/use-field-message';

/** The text of a maintenance field's message: patterns and codes AEP.., AET.. in the screen's words. */
export const useMaintenanceFieldMessage = () => useFieldMessage('maintenance', TAX_CODE_MESSAGES);
