import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import {
  applicationMessages,
  isStepReachable,
  nextStep,
  stepBlockers,
  type ApplicationProgress,
  type WizardStep,
} from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail, SaveSegmentInput } from '@portal/domain/applications/contracts.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { genericErrorMessage } from '@portal/domain/problems/messages.ts';
import { isApiError } from '../../../lib/api.ts';
import { applicationKeys, useSaveSegmentMutation } from '../api/application.ts';

/** After a save: stay on the step, go on to the next one, or (a submitted application) back to the profile. */
export type AfterSave = 'stay' | 'next' | 'submitted';

/**
 * Why `step` cannot be opened yet: the message of the first missing prerequisite that blocks it (an
 * affiliation does not block the questionnaire, so its message is not the one shown there). The
 * server refuses a save from that step with the same message.
 */
export function blockingMessage(step: WizardStep, progress: ApplicationProgress): string | null {
  return stepBlockers(step, progress)[0] ?? null;
}

/** A refused save's per-field messages, named as the step's fields are (the server names them under `data.`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error, 400) || !error.problem.errors) return {};
  return Object.fromEntries(
    Object.entries(error.problem.errors).map(([field, message]) => [field.replace(/^data\./, ''), message]),
  );
}

interface SaveHandlers {
  /** The application as saved: the step takes it as its new unchanged state (no unsaved-changes prompt). */
  onSaved?: (saved: ApplicationDetail) => void;
  /** A 400's per-field messages, for the step to show on its fields. */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

/**
 * Saving one step of the wizard (events.md §2, §8): one request at a time, 'Your application has been
 * saved' or, on submit, 'Your application has been submitted'; a 400 shows the server's message (or
 * 'Something went wrong') and its field errors, any other failure 'There was an issue during
 * application update'. Where to go afterwards is `leaveTo`, followed by StepActions once the step has
 * re-rendered without unsaved changes, so the prompt does not stop the wizard's own move.
 */
export function useStepSave(detail: ApplicationDetail, step: WizardStep) {
  const queryClient = useQueryClient();
  const mutation = useSaveSegmentMutation(detail.id);
  // A second click lands before React re-renders the disabled button: the ref refuses it at once.
  const inFlight = useRef(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  /** On to the next step when its prerequisites hold (true), else stay and say what is missing. */
  const goNext = (progress: ApplicationProgress): boolean => {
    const next = nextStep(step);
    if (!next) return false;
    if (isStepReachable(next, progress)) {
      setLeaveTo(applicationPaths.step(detail.id, next));
      return true;
    }
    const message = blockingMessage(next, progress);
    if (message) notifications.show({ color: 'yellow', message });
    return false;
  };

  const save = (input: SaveSegmentInput, after: AfterSave, handlers: SaveHandlers = {}) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input, {
      onSuccess: (saved) => {
        handlers.onSaved?.(saved);
        if (after === 'submitted') {
          notifications.show({ color: 'green', message: applicationMessages.submitted });
          setLeaveTo(homePath);
          return;
        }
        notifications.show({ color: 'green', message: applicationMessages.saved });
        // While the step is on its way out, a late click must not save again.
        const leaving = after === 'next' && goNext(saved.progress);
        if (!leaving) inFlight.current = false;
      },
      onError: (error) => {
        inFlight.current = false;
        if (isApiError(error, 400)) {
          handlers.onFieldErrors?.(fieldErrorsOf(error));
          notifications.show({ color: 'red', message: error.problem.detail ?? genericErrorMessage });
          return;
        }
        // A 409 means the application changed status meanwhile (submitted, decided): show it as it is now.
        if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(detail.id) });
        notifications.show({ color: 'red', message: applicationMessages.updateFailed });
      },
    });
  };

  return { save, goNext, saving: mutation.isPending, leaveTo };
}
