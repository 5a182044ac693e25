import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { maskedPhoneError, phoneDigits, phoneMessages } from '@portal/domain/contact.ts';
import { PhoneInput } from './phone-input.tsx';

function UncontrolledForm({ phone = '' }: { phone?: string }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { phone } });
  return <PhoneInput label="Phone" key={form.key('phone')} {...form.getInputProps('phone')} />;
}

function ControlledForm({ phone = '' }: { phone?: string }) {
  const form = useForm({ mode: 'controlled', initialValues: { phone } });
  return <PhoneInput label="Phone" {...form.getInputProps('phone')} />;
}

function renderPhone(node: React.ReactNode) {
  render(
    <StrictMode>
      <MantineProvider>{node}</MantineProvider>
    </StrictMode>,
  );
  // No pause between keys at all: each key's input event follows the last with no timer or render
  // in between, as when keys arrive faster than the page renders.
  const user = userEvent.setup({ delay: null });
  return { user, input: screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone' }) };
}

describe.each([
  ['on its own', () => <PhoneInput label="Phone" />],
  ['in an uncontrolled form', () => <UncontrolledForm />],
  ['in a controlled form', () => <ControlledForm />],
])('phone input %s', (_where, field) => {
  it('keeps every digit typed with no pause between keys', async () => {
    const { user, input } = renderPhone(field());
    await user.type(input, '5551234567');
    expect(input).toHaveValue('(555) 123-4567');
    expect(phoneDigits(input.value)).toBe('5551234567');
  });

  it('leaves the underscores of an unfinished number, which the phone rule refuses', async () => {
    const { user, input } = renderPhone(field());
    await user.type(input, '518555');
    expect(input).toHaveValue('(518) 555-____');
    expect(maskedPhoneError(input.value)).toBe(phoneMessages.invalid);
    await user.type(input, '0188');
    expect(input).toHaveValue('(518) 555-0188');
    expect(maskedPhoneError(input.value)).toBeNull();
  });
});

describe('phone input', () => {
  it('takes digits only, and no more than the mask holds', async () => {
    const { user, input } = renderPhone(<PhoneInput label="Phone" />);
    await user.type(input, 'a5b5-5 1234567890');
    expect(input).toHaveValue('(555) 123-4567');
  });

  it('shows a saved number and lets it be cleared and typed again', async () => {
    const { user, input } = renderPhone(<UncontrolledForm phone="(217) 555-0143" />);
    expect(input).toHaveValue('(217) 555-0143');
    await user.clear(input);
    expect(maskedPhoneError(input.value)).toBe(phoneMessages.required);
    await user.type(input, '2175550199');
    expect(input).toHaveValue('(217) 555-0199');
  });

  it('removes the digit before the caret on backspace (here the 1 of 217), the rest moving up', async () => {
    const { user, input } = renderPhone(<ControlledForm phone="(217) 555-0143" />);
    await user.pointer({ target: input, offset: 3, keys: '[MouseLeft]' });
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('(275) 550-143_');
  });
});
