import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';

/** What every wizard step is given: the application as the server last answered it. */
export interface StepProps {
  detail: ApplicationDetail;
}
