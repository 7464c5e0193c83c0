import { ManualPage } from './manual-page';

/** The dealer manual (document 1 section 2, footer programme links). */
export default function DealerManualPage() {
  return <ManualPage kind="dealer" />;
}
