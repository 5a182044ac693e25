import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { isStepReachable, wizardSteps, type WizardStep } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { homePath } from '@portal/domain/navigation.ts';

export function stepOf(value: string | undefined): WizardStep | null {
  return wizardSteps.find((step) => step === value) ?? null;
}

/** The last step the application's progress opens (general information is always open). */
export function furthestReachableStep(detail: ApplicationDetail): WizardStep {
  return wizardSteps.findLast((step) => isStepReachable(step, detail.progress)) ?? 'general-information';
}

/**
 * Where the wizard sends the member instead of `step`, or null to stay (events.md §2): a simplified
 * application is completed elsewhere (the profile), and a step not reachable yet opens the furthest
 * one that is.
 */
export function stepRedirect(detail: ApplicationDetail, step: WizardStep): string | null {
  if (detail.isSimplified) return homePath;
  if (isStepReachable(step, detail.progress)) return null;
  return applicationPaths.step(detail.id, furthestReachableStep(detail));
}
