import { schemaResolver } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import {
  applicationSettingsInput,
  questionInput,
  type ApplicationSettingsInput,
  type ApplicationSettingsReply,
  type QuestionInput,
} from '@portal/domain/applications/contracts.ts';
import type { QuestionType } from '@portal/domain/applications/rules.ts';

/**
 * The settings and question forms as typed, and their conversion to the API's inputs. Validation is
 * the domain's zod schema run on the converted values, so the form and the server say the same thing.
 */

type Errors = Record<string, string>;
type Method = 'CARD' | 'PURCHASE_ORDER';

export interface PaymentOptionValues {
  /** React's key for the row: new rows have no id yet. */
  key: string;
  id: string | null;
  label: string;
  method: Method;
}

export interface SettingsFormValues {
  acceptsApplications: boolean;
  ticketTypeId: string | null;
  /** NumberInput's value: '' when empty (no due days). */
  dueDays: number | string;
  paymentOptions: PaymentOptionValues[];
}

export function settingsValuesOf(reply: ApplicationSettingsReply): SettingsFormValues {
  return {
    acceptsApplications: reply.acceptsApplications,
    ticketTypeId: reply.ticketTypeId,
    dueDays: reply.dueDays ?? '',
    paymentOptions: reply.paymentOptions.map((option) => ({
      key: option.id,
      id: option.id,
      label: option.label,
      method: option.method,
    })),
  };
}

export function newPaymentOption(method: Method = 'CARD'): PaymentOptionValues {
  return { key: randomId(), id: null, label: '', method };
}

export function settingsInputOf(values: SettingsFormValues): ApplicationSettingsInput {
  return {
    acceptsApplications: values.acceptsApplications,
    ticketTypeId: values.ticketTypeId,
    dueDays: values.dueDays === '' ? null : Number(values.dueDays),
    // An option keeps its id so applications that chose it keep it; new ones get theirs from the server.
    paymentOptions: values.paymentOptions.map((option) => ({
      ...(option.id ? { id: option.id } : {}),
      label: option.label.trim(),
      method: option.method,
    })),
  };
}

const resolveSettings = schemaResolver(applicationSettingsInput, { sync: true });
export const validateSettings = (values: SettingsFormValues): Errors =>
  resolveSettings(settingsInputOf(values)) as Errors;

/* Questions. */

export const choiceTypes: readonly QuestionType[] = ['SELECT', 'RADIO', 'CHECKBOX'];

export interface QuestionFormValues {
  type: QuestionType;
  label: string;
  /** One option a line. */
  options: string;
  required: boolean;
  position: number | string;
}

export function questionInputOf(values: QuestionFormValues): QuestionInput {
  const options = choiceTypes.includes(values.type)
    ? values.options
        .split('\n')
        .map((option) => option.trim())
        .filter(Boolean)
    : [];
  return {
    type: values.type,
    label: values.label.trim(),
    options,
    required: values.required,
    position: values.position === '' ? -1 : Number(values.position),
  };
}

const resolveQuestion = schemaResolver(questionInput, { sync: true });
export function validateQuestion(values: QuestionFormValues): Errors {
  const errors = resolveQuestion(questionInputOf(values)) as Errors;
  // Issues of one option ("options.2") belong to the whole field.
  const byField: Errors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    byField[field] ??= field === 'position' ? 'Enter a whole number of 0 or more' : message;
  }
  return byField;
}
