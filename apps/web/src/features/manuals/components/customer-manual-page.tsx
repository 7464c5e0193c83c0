import { ManualPage } from './manual-page';

/** The customer manual (document 1 section 2, footer programme links). */
export default function CustomerManualPage() {
  return <ManualPage kind="customer" />;
}
