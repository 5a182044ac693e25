import { Alert, Anchor, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { quoteDownloadMessages } from '@portal/domain/commerce/quotes.ts';
import {
  memberPurchaseOrderPaths,
  validatePackagePurchaseOrderForm,
  type PackagePurchaseOrderFormValues,
} from '@portal/domain/commerce/member-purchase-orders.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { contractsQuery, membershipsQuery, useSendPurchaseOrder } from '../api/purchase-orders.ts';
import {
  appendCommonFields,
  purchaseOrderContactQuery,
  emptyPurchaseOrderValues,
  organizationOptions,
  PurchaseOrderButtons,
  PurchaseOrderFields,
} from '../../../shared/commerce/purchase-order-fields.tsx';

export const packagePurchaseOrderLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(membershipsQuery);
  return null;
};

type FormValues = PackagePurchaseOrderFormValues & { quoteNumber: string };

function toFormData(values: FormValues, file: File): FormData {
  const body = new FormData();
  body.append('type', 'PACKAGE');
  body.append('contractId', values.contractId ?? '');
  appendCommonFields(body, values);
  if (values.quoteNumber.trim()) body.append('quoteNumber', values.quoteNumber.trim());
  body.append('file', file, file.name);
  return body;
}

function PackageForm({ organizations }: { organizations: { value: string; label: string }[] }) {
  const navigate = useNavigate();
  const submitOrder = useSendPurchaseOrder('/api/package-purchase-orders');
  const contact = useQuery(purchaseOrderContactQuery).data;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      ...emptyPurchaseOrderValues,
      ...contact,
      organizationId: organizations.length === 1 ? (organizations[0]?.value ?? null) : null,
      contractId: null,
      quoteNumber: '',
    },
    validate: validatePackagePurchaseOrderForm,
  });
  const organizationId = form.values.organizationId ?? '';
  const contracts = useQuery(contractsQuery(organizationId));
  const contract = contracts.data?.contracts.find((option) => option.id === form.values.contractId);

  // organizations.md §8: a FORBIDDEN answer to the contracts query shows the server's message as an error toast.
  useEffect(() => {
    if (contracts.isError) notifyError(contracts.error);
  }, [contracts.isError, contracts.error]);

  const submit = form.onSubmit((values) => {
    if (values.file) submitOrder.send(toFormData(values, values.file), form);
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="package-po-heading">
      <Stack gap="sm">
        <NativeSelect
          label="Organization"
          data={[{ value: '', label: 'Choose an organization' }, ...organizations]}
          withAsterisk
          {...form.getInputProps('organizationId')}
          value={organizationId}
          onChange={(event) => {
            form.setFieldValue('organizationId', event.currentTarget.value || null);
            form.setFieldValue('contractId', null);
          }}
        />
        {contracts.isError ? (
          <Alert color="red" variant="light" title="Could not load the contracts">
            {errorMessage(contracts.error)}
          </Alert>
        ) : (
          <NativeSelect
            label="Package"
            description={
              contracts.isLoading
                ? 'Loading the contracts…'
                : contracts.data?.contracts.length === 0
                  ? 'This organization has no signed package contracts yet.'
                  : undefined
            }
            data={[
              { value: '', label: 'Choose a package' },
              ...(contracts.data?.contracts ?? []).map((option) => ({
                value: option.id,
                label: `${option.packageName} (${formatCents(option.total)})`,
              })),
            ]}
            withAsterisk
            disabled={!organizationId || contracts.isLoading}
            {...form.getInputProps('contractId')}
            value={form.values.contractId ?? ''}
            onChange={(event) => form.setFieldValue('contractId', event.currentTarget.value || null)}
          />
        )}
        {contract ? (
          <Anchor href={contract.signedUrl} size="sm">
            Download the signed contract (PDF)
          </Anchor>
        ) : null}
        <PurchaseOrderFields
          form={form}
          totalDescription={
            contract ? `In dollars. This contract comes to ${formatCents(contract.total)}.` : 'In dollars.'
          }
        />
        <TextInput
          label={quoteDownloadMessages.fieldLabel}
          description={quoteDownloadMessages.fieldDescription}
          autoComplete="off"
          {...form.getInputProps('quoteNumber')}
        />
        <PurchaseOrderButtons
          pending={submitOrder.isPending}
          onCancel={() => void navigate(memberPurchaseOrderPaths.landing)}
        />
      </Stack>
    </form>
  );
}

/** organizations.md §6: a package purchase order is for an organization the member owns or administers. */
function managed(memberships: Profile['memberships']) {
  return organizationOptions(
    memberships.filter((membership) => membership.role === 'OWNER' || membership.role === 'ADMIN'),
  );
}

/** /members/purchase-orders/package (organizations.md §2): a purchase order paying a signed package contract (type PACKAGE). */
export function PackagePurchaseOrderPage() {
  const memberships = useQuery(membershipsQuery);
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={memberPurchaseOrderPaths.landing} size="sm">
        Back to Purchase Orders
      </Anchor>
      <Title order={1} id="package-po-heading">
        Package Purchase Order
      </Title>
      {memberships.isPending ? (
        <PageLoader label="Loading your organizations" />
      ) : memberships.isError ? (
        <ErrorState message={errorMessage(memberships.error)} onRetry={() => void memberships.refetch()} />
      ) : managed(memberships.data).length === 0 ? (
        <Alert color="gray" variant="light">
          <Text size="sm">
            Package purchase orders are sent by an organization's owners and administrators, and you manage no
            organization.
          </Text>
        </Alert>
      ) : (
        <PackageForm organizations={managed(memberships.data)} />
      )}
    </Stack>
  );
}
