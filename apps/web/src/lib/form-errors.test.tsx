import { Button, MantineProvider, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { focusInvalidFieldsOnSubmit, showSubmitError } from './form-errors.ts';

function ContactForm({ serverRefuses = false }: { serverRefuses?: boolean }) {
  useEffect(focusInvalidFieldsOnSubmit, []);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', phone: '' },
    validate: serverRefuses ? {} : { email: isNotEmpty('Email required'), phone: isNotEmpty('Phone required') },
  });
  const submit = form.onSubmit(() => {
    if (serverRefuses) {
      showSubmitError(
        form,
        new ApiError({ title: 'Bad Request', status: 400, errors: { phone: 'Not a phone number' } }),
      );
    }
  });
  return (
    <MantineProvider>
      <form onSubmit={submit} noValidate>
        <TextInput label="Name" key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Email" key={form.key('email')} {...form.getInputProps('email')} />
        <TextInput label="Phone" key={form.key('phone')} {...form.getInputProps('phone')} />
        <Button type="submit">Save</Button>
      </form>
    </MantineProvider>
  );
}

describe('invalid fields after a submit', () => {
  it('moves the focus to the first invalid field, marked invalid and described by its message', async () => {
    render(<ContactForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email required');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('does the same for the fields a server refused', async () => {
    render(<ContactForm serverRefuses />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription('Not a phone number');
  });
});
