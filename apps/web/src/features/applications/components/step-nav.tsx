import '@mantine/core/styles/Stepper.css';
import { Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import {
  isStepReachable,
  wizardSteps,
  wizardStepTitles,
  type ApplicationProgress,
  type WizardStep,
} from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';

/** What each of the first four steps completes; review-and-submit completes the application itself. */
const completes: Partial<Record<WizardStep, keyof ApplicationProgress>> = {
  'general-information': 'generalInformation',
  'affiliations-and-attendance': 'affiliation',
  sections: 'section',
  questionnaire: 'questionnaire',
};

/**
 * The five steps (events.md §2). A step whose prerequisites do not hold is disabled; a passed step
 * that is not complete keeps its number instead of the check mark. On a phone five labels wrapped
 * into a ragged column: there the steps are numbered circles (each named by its title) under one line
 * saying where the person is.
 */
export function StepNav({ detail, step }: { detail: ApplicationDetail; step: WizardStep }) {
  const navigate = useNavigate();
  const active = wizardSteps.indexOf(step);
  const compact = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });

  return (
    <Stack component="nav" aria-label="Application steps" gap="xs">
      {compact ? (
        <Text size="sm" fw={600}>
          Step {active + 1} of {wizardSteps.length}: {wizardStepTitles[step]}
        </Text>
      ) : null}
      <Stepper
        active={active}
        size={compact ? 'xs' : 'sm'}
        onStepClick={(index) => {
          const target = wizardSteps[index];
          if (target) void navigate(applicationPaths.step(detail.id, target));
        }}
      >
        {wizardSteps.map((candidate, index) => {
          const reachable = isStepReachable(candidate, detail.progress);
          const flag = completes[candidate];
          const done = flag ? detail.progress[flag] : false;
          return (
            <Stepper.Step
              key={candidate}
              label={compact ? undefined : wizardStepTitles[candidate]}
              aria-label={compact ? `${index + 1}. ${wizardStepTitles[candidate]}` : undefined}
              allowStepSelect={reachable && index !== active}
              disabled={!reachable}
              aria-current={index === active ? 'step' : undefined}
              completedIcon={done ? undefined : index + 1}
            />
          );
        })}
      </Stepper>
    </Stack>
  );
}
