import { lazy, Suspense, useEffect, useState } from 'react';
import { setStepUpHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session/current-user';

// The form (react-hook-form, the contract's zod schemas) loads when a step-up is asked for: the app root
// mounts this dialog on every page, and a page that never needs one does not load them (decision 0950).
const StepUpForm = lazy(() => import('./step-up-form'));

type Answer = (confirmed: boolean) => void;

/**
 * The step-up check of issue 19, one for the whole app (the app root mounts it): a sensitive change that the
 * server answers with 403 step-up-required opens it through the API client. The user confirms with the
 * password, or with a code when they have a second factor; the client then sends the change again. Cancel
 * fails the change, and says so.
 */
export function StepUpDialog() {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    setStepUpHandler(() => new Promise<boolean>((resolve) => setAnswer(() => resolve)));
    return () => setStepUpHandler(undefined);
  }, []);
  if (!answer) return null;
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  return (
    <Suspense fallback={null}>
      <StepUpForm
        withCode={user?.secondFactor === 'enrolled'}
        onDone={(confirmed) => {
          setAnswer(null);
          answer(confirmed);
        }}
      />
    </Suspense>
  );
}
