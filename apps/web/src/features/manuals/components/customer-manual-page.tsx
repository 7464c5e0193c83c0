import { ManualPage } from './manual-page';

/** The customer manual (APP-07, footer programme links). */
export default function CustomerManualPage() {
  return <ManualPage kind="customer" />;
}
