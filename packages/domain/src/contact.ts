import { z } from 'zod';
import { defaultCountry } from './lookups.ts';

/** The phone mask the forms use; an underscore left in it means the number is not complete. */
export const phoneMask = '(___) ___-____';

export const phoneMessages = { required: 'Phone is required', invalid: 'Phone is invalid' } as const;

/** Only digits are sent to the server. */
export function phoneDigits(masked: string): string {
  return masked.replace(/\D/g, '');
}

export function isUnitedStates(country: string | null | undefined): boolean {
  return (country ?? defaultCountry) === defaultCountry;
}

/** A phone as the server receives it: digits only, 10 for a US number (the mask), 7–20 elsewhere. */
export const phoneNumber = z
  .string()
  .trim()
  .min(1, phoneMessages.required)
  .regex(/^\d{7,20}$/, phoneMessages.invalid);

/** The masked value as typed in a form: refused while an underscore placeholder remains. */
export function maskedPhoneError(masked: string): string | null {
  if (phoneDigits(masked).length === 0) return phoneMessages.required;
  if (masked.includes('_')) return phoneMessages.invalid;
  return null;
}

export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** Digits as the mask shows them: "5551234567" → "(555) 123-4567"; other lengths are left as they are. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  const d = phoneDigits(digits);
  if (d.length !== 10) return digits;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** An address as the API answers it: every part may be unset. */
export const addressReply = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  stateProvince: z.string().nullable(),
  country: z.string().nullable(),
  zipPostal: z.string().nullable(),
  phone: z.string().nullable(),
});
export type AddressReply = z.infer<typeof addressReply>;
