import { Button, Group } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { packagePaths, type PackageStep } from '@portal/domain/packages/rules.ts';
import { UnsavedChangesPrompt } from '../../../ui/unsaved-changes-prompt.tsx';

interface StepActionsProps {
  packageRequestId: string;
  steps: readonly PackageStep[];
  step: PackageStep;
  dirty: boolean;
  saving: boolean;
  /** A rule of the step is broken: the server would refuse the save, so neither button is offered. */
  blocked: boolean;
  /** The step is short of a minimum the person has been told about: kept as a draft, not continued. */
  continueBlocked?: boolean;
  leaveTo: string | null;
  onSave: (andContinue: boolean) => void;
}

/** Previous, Save and Save & Continue (§2), with the unsaved-changes question on leaving. */
export function StepActions({
  packageRequestId,
  steps,
  step,
  dirty,
  saving,
  blocked,
  continueBlocked = false,
  leaveTo,
  onSave,
}: StepActionsProps) {
  const navigate = useNavigate();
  const previous = steps[steps.indexOf(step) - 1];
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);
  return (
    <>
      <UnsavedChangesPrompt when={dirty && !leaveTo} />
      <Group justify="space-between">
        {previous ? (
          <Button variant="default" component={Link} to={packagePaths.step(packageRequestId, previous)}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => onSave(false)} disabled={saving || blocked}>
            Save
          </Button>
          <Button onClick={() => onSave(true)} disabled={saving || blocked || continueBlocked} loading={saving}>
            Save &amp; Continue
          </Button>
        </Group>
      </Group>
    </>
  );
}
