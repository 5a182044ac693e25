import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { PatternFormat } from 'react-number-format';
import { phoneMask } from '@portal/domain/contact.ts';

type PhoneInputProps = InputBaseProps &
  Omit<ComponentPropsWithoutRef<'input'>, 'size' | 'type' | 'value' | 'defaultValue'> & {
    value?: string;
    defaultValue?: string;
    ref?: Ref<HTMLInputElement>;
  };

/** react-number-format's pattern: `#` stands for a digit where the mask shows `_`. */
const phonePattern = phoneMask.replaceAll('_', '#');

/**
 * A US phone number typed into the "(___) ___-____" mask. The value keeps the underscores until the
 * number is complete, which is what `maskedPhoneError` reads; send `phoneDigits(value)`.
 *
 * The mask is react-number-format's PatternFormat (Mantine's NumberInput is built on the same
 * library): it reads the caret on each keystroke, so keys typed faster than a render are all kept
 * (see docs/decisions/0028-phone-mask-patternformat.md).
 */
export function PhoneInput({ ref, ...props }: PhoneInputProps) {
  return (
    <InputBase
      component={PatternFormat}
      format={phonePattern}
      mask="_"
      type="tel"
      autoComplete="tel"
      placeholder={phoneMask}
      getInputRef={ref}
      {...props}
    />
  );
}
