import { RequestResultPage } from './request-result-page';

export default function RequestFailurePage() {
  return <RequestResultPage outcome="failure" />;
}
