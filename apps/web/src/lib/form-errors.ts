import { isApiError } from './api.ts';
import { errorMessage, notifyError } from './errors.ts';

/** The part of a Mantine form this needs, so any form's values type fits. */
export interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
  getValues: () => object;
}

/**
 * The one place a failed submission meets a form: a problem's per-field `errors` that name fields of
 * this form are shown on those fields; anything else becomes a toast (detail, else title, else the
 * generic message), or goes to `showMessage` when the form shows it itself (an Alert above the
 * fields). Returns true when the errors went onto fields.
 */
export function showSubmitError(
  form: FormWithErrors,
  error: unknown,
  showMessage?: (message: string) => void,
): boolean {
  if (isApiError(error) && error.problem.errors) {
    const fields = Object.keys(form.getValues());
    const onFields = Object.fromEntries(
      Object.entries(error.problem.errors).filter(([field]) => fields.includes(field.split('.')[0] ?? field)),
    );
    if (Object.keys(onFields).length > 0) {
      form.setErrors(onFields);
      focusFirstInvalidField(document);
      return true;
    }
  }
  if (showMessage) showMessage(errorMessage(error));
  else notifyError(error);
  return false;
}

/**
 * Moves the focus to the first field of `root` marked invalid, once React has shown the errors (a
 * task later): a keyboard or screen reader user lands on what to fix, and hears its message, which
 * Mantine's error prop ties to the field (aria-invalid, aria-describedby).
 */
export function focusFirstInvalidField(root: ParentNode): void {
  setTimeout(() => {
    const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid && document.activeElement !== invalid) invalid.focus();
  }, 0);
}

/**
 * Every form in the app, once: after a submit its own checks refused, the focus goes to the first
 * invalid field (a form whose submit went through has none). Returns the way to stop listening.
 */
export function focusInvalidFieldsOnSubmit(): () => void {
  const onSubmit = (event: Event) => {
    if (event.target instanceof HTMLFormElement) focusFirstInvalidField(event.target);
  };
  document.addEventListener('submit', onSubmit, true);
  return () => document.removeEventListener('submit', onSubmit, true);
}
