import { NumberInput, type NumberInputProps } from '@mantine/core';
import { maxSeatsPerRequest, minSeatsPerRequest } from '@portal/domain/registrations/messages.ts';

type SeatsInputProps = Omit<NumberInputProps, 'min' | 'max' | 'allowDecimal' | 'allowNegative' | 'clampBehavior'>;

/**
 * A number of seats (1–100): whole numbers only, and not clamped, so an out-of-range value stays as
 * typed and the form names it instead of silently changing it.
 */
export function SeatsInput(props: SeatsInputProps) {
  return (
    <NumberInput
      min={minSeatsPerRequest}
      max={maxSeatsPerRequest}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...props}
    />
  );
}
