import { Button, Group, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceMessages, maxPaymentTermsDays, paymentTermsLabel } from '@portal/domain/commerce/invoices.ts';
import { api } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';

const termsPath = (organizationId: string) => `/api/admin/invoices/terms/${encodeURIComponent(organizationId)}`;
const termsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['admin', 'invoices', 'terms', organizationId] as const,
    queryFn: ({ signal }) => api.get<{ paymentTermsDays: number }>(termsPath(organizationId), signal),
  });

/** The organization's payment terms, which each invoice issued from now on takes (Net 30 unless set). */
export function PaymentTermsForm({ organizationId }: { organizationId: string }) {
  const terms = useQuery(termsQuery(organizationId));
  if (terms.isPending) return <PageLoader label="Loading payment terms" />;
  if (terms.isError) return <Text c="red.9">{errorMessage(terms.error)}</Text>;
  return <TermsFields organizationId={organizationId} saved={terms.data.paymentTermsDays} />;
}

/** The field starts at the terms as read; a save writes the answer back to the query. */
function TermsFields({ organizationId, saved }: { organizationId: string; saved: number }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | string>(saved);
  const save = useMutation({
    mutationFn: (paymentTermsDays: number) =>
      api.put<{ paymentTermsDays: number }>(termsPath(organizationId), { paymentTermsDays }),
    onSuccess: (answer) => {
      queryClient.setQueryData(termsQuery(organizationId).queryKey, answer);
      notifications.show({ color: 'green', message: invoiceMessages.termsSaved });
    },
    onError: notifyError,
  });
  return (
    <Group
      component="form"
      align="flex-end"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (typeof days === 'number') save.mutate(days);
      }}
    >
      <NumberInput
        label="Payment terms (days)"
        description={typeof days === 'number' ? paymentTermsLabel(days) : 'Days an invoice has to be paid in'}
        min={0}
        max={maxPaymentTermsDays}
        allowDecimal={false}
        value={days}
        onChange={setDays}
        w={220}
      />
      <Button type="submit" loading={save.isPending}>
        Save terms
      </Button>
    </Group>
  );
}
