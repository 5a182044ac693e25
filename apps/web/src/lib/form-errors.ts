import { isApiError } from './api.ts';
import { errorMessage, notifyError } from './errors.ts';

/** The part of a Mantine form this needs, so any form's values type fits. */
interface FormWithErrors {
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
      return true;
    }
  }
  if (showMessage) showMessage(errorMessage(error));
  else notifyError(error);
  return false;
}
