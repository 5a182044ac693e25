import { InputBase, type InputBaseProps } from '@mantine/core';
import { InputMask } from '@react-input/mask';
import type { ComponentPropsWithoutRef } from 'react';
import { phoneMask } from '@portal/domain/contact.ts';

type PhoneInputProps = InputBaseProps & Omit<ComponentPropsWithoutRef<'input'>, 'size'>;

/**
 * A US phone number typed into the "(___) ___-____" mask. The value keeps the underscores until the
 * number is complete, which is what `maskedPhoneError` reads; send `phoneDigits(value)`.
 */
export function PhoneInput(props: PhoneInputProps) {
  return <InputBase component={InputMask} mask={phoneMask} replacement={{ _: /\d/ }} showMask type="tel" autoComplete="tel" {...props} />;
}
