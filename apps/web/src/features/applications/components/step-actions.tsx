import { Button, Group } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { previousStep, type WizardStep } from '@portal/domain/applications/rules.ts';
import { UnsavedChangesPrompt } from '../../../ui/unsaved-changes-prompt.tsx';

interface StepActionsProps {
  applicationId: string;
  step: WizardStep;
  editable: boolean;
  /** The step holds changes not saved yet: leaving asks first. */
  dirty: boolean;
  saving: boolean;
  /** Where the step goes after a save (from useStepSave). */
  leaveTo: string | null;
  onSave?: () => void;
  onContinue?: () => void;
  /** The step's own buttons in place of Save and Save & Continue (review-and-submit's Submit). */
  children?: ReactNode;
}

function SaveButtons({ saving, onSave, onContinue }: Pick<StepActionsProps, 'saving' | 'onSave' | 'onContinue'>) {
  return (
    <Group gap="sm">
      <Button variant="default" onClick={onSave} disabled={saving}>
        Save
      </Button>
      <Button onClick={onContinue} disabled={saving} loading={saving}>
        Save &amp; Continue
      </Button>
    </Group>
  );
}

/**
 * Previous, Save and Save & Continue (events.md §2). Save buttons are disabled while a save is out,
 * and hidden when the application can no longer be changed.
 */
export function StepActions({
  applicationId,
  step,
  editable,
  dirty,
  saving,
  leaveTo,
  onSave,
  onContinue,
  children,
}: StepActionsProps) {
  const navigate = useNavigate();
  const previous = previousStep(step);

  // Runs after the prompt below has seen the saved (unchanged) state: children's effects run first.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);

  const own = children ?? (editable ? <SaveButtons saving={saving} onSave={onSave} onContinue={onContinue} /> : null);
  return (
    <>
      <UnsavedChangesPrompt when={dirty} />
      <Group justify="space-between">
        {previous ? (
          <Button variant="default" component={Link} to={applicationPaths.step(applicationId, previous)}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {own}
      </Group>
    </>
  );
}
