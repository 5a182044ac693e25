import { Anchor, Button, FileInput, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import type { StaffContractList, StaffContractRow } from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { contractsQuery, signedPdfPath, useCreateContract, useUploadSignedPdf } from '../api/contracts.ts';

export const contractsLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (params.organizationId) await queryClient.prefetchQuery(contractsQuery(params.organizationId));
    return null;
  };

function NewContract({ organizationId, list }: { organizationId: string; list: StaffContractList }) {
  const create = useCreateContract(organizationId);
  const [requestId, setRequestId] = useState('');
  const [total, setTotal] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (list.acceptedRequests.length === 0)
    return <Text size="sm">No accepted package request to record a contract for.</Text>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(total);
    const found: Record<string, string> = {};
    if (!requestId) found.packageRequestId = staffPackageMessages.contractPackageRequired;
    if (cents === null || cents < 1) found.total = staffPackageMessages.contractTotalInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0 || cents === null) return;
    create.mutate(
      { packageRequestId: requestId, total: cents },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: staffPackageMessages.contractSaved });
          setRequestId('');
          setTotal('');
        },
        onError: (error) =>
          isApiError(error) && error.problem.errors ? setErrors(error.problem.errors) : notifyError(error),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New contract">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Package request"
          value={requestId}
          onChange={(e) => setRequestId(e.currentTarget.value)}
          data={[
            { value: '', label: 'Choose an accepted request' },
            ...list.acceptedRequests.map((r) => ({ value: r.id, label: r.packageName })),
          ]}
          error={errors.packageRequestId}
          style={{ flex: '1 1 14rem' }}
        />
        <TextInput
          label="Total ($)"
          inputMode="decimal"
          value={total}
          onChange={(e) => setTotal(e.currentTarget.value)}
          error={errors.total}
          style={{ flex: '1 1 8rem' }}
        />
        <Button type="submit" loading={create.isPending}>
          Record contract
        </Button>
      </Group>
    </form>
  );
}

function SignedPdf({ organizationId, contract }: { organizationId: string; contract: StaffContractRow }) {
  const upload = useUploadSignedPdf(organizationId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const send = () => {
    if (!file || !file.name.toLowerCase().endsWith('.pdf')) {
      setError(staffPackageMessages.fileRequired);
      return;
    }
    setError(undefined);
    upload.mutate(
      { contractId: contract.id, file },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: staffPackageMessages.signedPdfUploaded });
          setFile(null);
        },
        onError: (e) => (isApiError(e, 400) ? setError(e.problem.errors?.file ?? errorMessage(e)) : notifyError(e)),
      },
    );
  };
  return (
    <Stack gap="2xs">
      {contract.hasSignedPdf ? (
        <Anchor href={signedPdfPath(contract.id)} download size="sm">
          Download signed PDF
        </Anchor>
      ) : (
        <Text size="sm">Not uploaded</Text>
      )}
      <Group gap="xs" align="flex-end">
        <FileInput
          placeholder="Choose file"
          label={`Signed PDF for ${contract.packageName}`}
          accept="application/pdf"
          value={file}
          onChange={setFile}
          error={error}
          clearable
          style={{ flex: '1 1 10rem' }}
        />
        <Button size="sm" variant="default" onClick={send} loading={upload.isPending}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/organizations/{id}/contracts: the organization's contracts (signed PDF, total), and a new one for an accepted request. */
export function ContractsPage() {
  const organizationId = useParams().organizationId ?? '';
  const query = useQuery(contractsQuery(organizationId));
  if (query.isPending) return <PageLoader label="Loading contracts" />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFound />;
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const list = query.data;
  const sum = list.contracts.reduce((total, c) => total + c.total, 0);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/admin/organizations/${organizationId}`} size="sm">
        Back to {list.organization.name}
      </Anchor>
      <Title order={1}>Contracts of {list.organization.name}</Title>
      <Title order={2}>New contract</Title>
      <NewContract organizationId={organizationId} list={list} />
      <Title order={2}>Contracts</Title>
      {list.contracts.length === 0 ? (
        <EmptyState message="No contracts found" />
      ) : (
        <>
          <ResponsiveTable minWidth={640} withTableBorder aria-label="Contracts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Package</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
                <Table.Th scope="col">Purchase order</Table.Th>
                <Table.Th scope="col">Signed PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.contracts.map((contract) => (
                <Table.Tr key={contract.id}>
                  <Table.Td>{contract.packageName}</Table.Td>
                  <Table.Td>{formatCents(contract.total)}</Table.Td>
                  <Table.Td>
                    {contract.purchaseOrderStatus === 'APPROVED'
                      ? 'Approved'
                      : contract.purchaseOrderStatus === 'SUBMITTED'
                        ? 'Submitted'
                        : 'None yet'}
                  </Table.Td>
                  <Table.Td>
                    <SignedPdf organizationId={organizationId} contract={contract} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <Text fw={700}>Total of the contracts: {formatCents(sum)}</Text>
        </>
      )}
    </Stack>
  );
}
