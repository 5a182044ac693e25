import { Alert, Anchor, Button, FileInput, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPhone, phoneDigits } from '@portal/domain/contact.ts';
import type { PurchaseOrderFormValues } from '@portal/domain/commerce/purchase-orders.ts';
import { typedTotalCents } from '@portal/domain/commerce/member-purchase-orders.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import { api } from '../../lib/api.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';

type Field = 'file' | 'filename' | 'number' | 'total' | 'contactName' | 'contactEmail' | 'contactPhone';

/** What the fields need of the page's Mantine form. */
interface PurchaseOrderForm {
  getInputProps: (field: Field) => GetInputPropsReturnType;
  getValues: () => { file: File | null; filename: string };
  setFieldValue: (field: 'file' | 'filename', value: File | null | string) => void;
}

interface PurchaseOrderFieldsProps {
  form: PurchaseOrderForm;
  /** Under the total: what the server will count as owed, when the page knows it. */
  totalDescription: string;
  /** A field between the total and the contact (the checkout's organization). */
  organization?: ReactNode;
}

/** The fields every purchase order has (organizations.md §3): the PDF, its filename and number, the total in dollars, the contact. */
export function PurchaseOrderFields({ form, totalDescription, organization }: PurchaseOrderFieldsProps) {
  const inputProps = (field: Field) => form.getInputProps(field);
  const onFile = (file: File | null) => {
    form.setFieldValue('filename', filenameFor(file, form.getValues().file, form.getValues().filename));
    form.setFieldValue('file', file);
  };
  return (
    <Stack gap="sm">
      <FileInput
        placeholder="Choose file"
        label="Purchase order (PDF)"
        description="A PDF of at most 10 MB"
        accept="application/pdf,.pdf"
        clearable
        // Mantine's clear button is an icon only: name it for screen readers.
        clearButtonProps={{ 'aria-label': 'Clear file' }}
        withAsterisk
        {...inputProps('file')}
        onChange={onFile}
      />
      <TextInput label="Filename" withAsterisk {...inputProps('filename')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Purchase order number" withAsterisk {...inputProps('number')} />
        <TextInput
          label="Purchase order total"
          description={totalDescription}
          inputMode="decimal"
          leftSection="$"
          withAsterisk
          {...inputProps('total')}
        />
      </SimpleGrid>
      {organization}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Contact name" autoComplete="name" withAsterisk {...inputProps('contactName')} />
        <TextInput
          label="Contact email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...inputProps('contactEmail')}
        />
      </SimpleGrid>
      <PhoneInput label="Contact phone" withAsterisk {...inputProps('contactPhone')} />
    </Stack>
  );
}

interface PurchaseOrderButtonsProps {
  /** The purchase order is being sent. */
  pending: boolean;
  onCancel: () => void;
  /** The cancel itself is under way (the checkout's cancel asks the server). */
  cancelling?: boolean;
}

/** Cancel and submit under a purchase order form: neither while the other is under way. */
export function PurchaseOrderButtons({ pending, onCancel, cancelling = false }: PurchaseOrderButtonsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} loading={cancelling} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={cancelling}>
        Submit purchase order
      </Button>
    </Group>
  );
}

/** In place of a purchase order form when the member belongs to no organization; `children`: more ways out (Cancel). */
export function NoOrganizationAlert({ children }: { children?: ReactNode }) {
  return (
    <Alert color="gray" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">A purchase order is made out by an organization, and you do not belong to any yet.</Text>
        <Anchor component={Link} to="/members/profile" size="sm">
          Add an affiliation on your profile
        </Anchor>
        {children}
      </Stack>
    </Alert>
  );
}

export const emptyPurchaseOrderValues: PurchaseOrderFormValues = {
  file: null,
  filename: '',
  contactEmail: '',
  contactName: '',
  contactPhone: '',
  number: '',
  organizationId: null,
  total: '',
};

type Contact = Pick<PurchaseOrderFormValues, 'contactName' | 'contactEmail' | 'contactPhone'>;

/**
 * The contact a purchase order form starts with: the member's own name and email, and their phone when
 * it fits the US mask (another is left for them to type). They change any of it for the school's
 * purchasing office.
 */
export function contactFromProfile(profile: Pick<Profile, 'firstName' | 'lastName' | 'email' | 'phone'>): Contact {
  const phone = phoneDigits(profile.phone ?? '');
  return {
    contactName: `${profile.firstName} ${profile.lastName}`.trim(),
    contactEmail: profile.email,
    contactPhone: phone.length === 10 ? formatPhone(phone) : '',
  };
}

/**
 * GET /api/profile (the key and call the profile page and the forms' membership lists use, so the page
 * loaders' prefetch fills it) read as the contact a form starts with.
 */
export const purchaseOrderContactQuery = queryOptions({
  queryKey: ['profile'] as const,
  queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal),
  select: contactFromProfile,
});

/** The filename follows the chosen file until the member writes one of their own. */
export function filenameFor(file: File | null, previous: File | null, filename: string): string {
  if (file && (!filename.trim() || filename === previous?.name)) return file.name;
  return filename;
}

/**
 * The multipart body's common fields, before the file: the server reads the stream in order and knows
 * the fields once it reaches the file. Phone digits only; the total in cents.
 */
export function appendCommonFields(body: FormData, values: PurchaseOrderFormValues): void {
  body.append('filename', values.filename.trim());
  body.append('contactEmail', values.contactEmail.trim());
  body.append('contactName', values.contactName.trim());
  body.append('contactPhone', phoneDigits(values.contactPhone));
  body.append('number', values.number.trim());
  body.append('organizationId', values.organizationId ?? '');
  body.append('total', typedTotalCents(values.total));
}

/** One option per organization, whatever the number of memberships in it. */
export function organizationOptions(memberships: readonly { organizationId: string; organizationName: string }[]) {
  const seen = new Map<string, string>();
  for (const membership of memberships) seen.set(membership.organizationId, membership.organizationName);
  return [...seen].map(([value, label]) => ({ value, label }));
}
