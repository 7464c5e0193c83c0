import { ManualPage } from './manual-page';

/** The dealer manual (APP-07, footer programme links). */
export default function DealerManualPage() {
  return <ManualPage kind="dealer" />;
}
