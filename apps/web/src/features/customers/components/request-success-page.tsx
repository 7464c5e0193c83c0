import { RequestResultPage } from './request-result-page';

export default function RequestSuccessPage() {
  return <RequestResultPage outcome="success" />;
}
