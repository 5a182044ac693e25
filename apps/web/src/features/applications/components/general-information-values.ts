import type { UseFormReturnType } from '@mantine/form';

/** The general-information form as typed: every field a string, the phone as the mask shows it. */
export type GeneralInformationValues = Record<
  'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'stateProvince' | 'zipPostal' | 'country' | 'phone',
  string
>;

export type GeneralInformationForm = UseFormReturnType<GeneralInformationValues>;

/**
 * The address and phone fields (Mantine's Select and the phone mask) are a chunk of their own, asked
 * for with the step (the route loader) so the step itself stays within its size budget.
 */
export const loadContactFields = () => import('./contact-fields.tsx');
