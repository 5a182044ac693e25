import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { nextPackageStep, packageMessages, packagePaths, type EditableStep } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useSavePackageStep } from '../api/package-request.ts';

/**
 * Save and Save & Continue of one step: one save at a time, 'Successfully saved', then (continuing)
 * the next step of the package's list. A failed save shows the server's words and leaves the step's
 * draft as it was, so nothing typed is lost. `leaveTo` is followed once the step shows no unsaved change.
 */
export function useStepSave(
  detail: PackageRequestDetail,
  step: EditableStep,
  onSaved: (saved: PackageRequestDetail) => void,
) {
  const mutation = useSavePackageStep(detail.id);
  const inFlight = useRef(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const save = (body: unknown, andContinue: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(
      { step, body },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          notifications.show({ color: 'green', message: packageMessages.saved });
          if (andContinue) setLeaveTo(packagePaths.step(detail.id, nextPackageStep(saved.steps, step)));
          else inFlight.current = false;
        },
        onError: (error) => {
          inFlight.current = false;
          notifications.show({ color: 'red', message: errorMessage(error) });
        },
      },
    );
  };
  return { save, saving: mutation.isPending, leaveTo };
}
