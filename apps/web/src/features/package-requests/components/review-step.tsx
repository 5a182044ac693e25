import { Alert, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatCents } from '@portal/domain/money.ts';
import { groupMinimumMessage, packageMessages, packagePaths, participantCount } from '@portal/domain/packages/rules.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useSavePackageStep } from '../api/package-request.ts';
import type { StepProps } from './step-props.ts';
import { QuoteDownload } from '../../../shared/commerce/quote-download.tsx';

const range = (low: number, high: number) =>
  low === high ? formatCents(low) : `${formatCents(low)} – ${formatCents(high)}`;

/** review (§2, §4, §9): costs, the total as a range, the PDF, and submit; read-only once submitted. */
export function ReviewStep({ detail }: StepProps) {
  const { totals } = detail;
  const submit = useSavePackageStep(detail.id);
  const [usingPtaFunds, setUsingPtaFunds] = useState(detail.usingPtaFunds);
  const [justSubmitted, setJustSubmitted] = useState(false);
  const lines = [
    ...totals.pdSessions
      .filter((l) => l.days > 0)
      .map((l) => ({
        key: l.pdSessionId,
        item: l.name,
        amount: `${l.days} ${l.days === 1 ? 'day' : 'days'}`,
        cost: formatCents(l.cost),
      })),
    ...totals.pdSessions
      .filter((l) => l.travelHigh > 0)
      .map((l) => ({
        key: `travel-${l.pdSessionId}`,
        item: `Travel: ${l.name}`,
        amount: 'estimate',
        cost: range(l.travelLow, l.travelHigh),
      })),
    ...totals.events
      .filter((l) => l.participants > 0)
      .map((l) => ({
        key: l.packageEventId,
        item: l.name,
        amount: participantCount(l.participants),
        cost: formatCents(l.cost),
      })),
    ...totals.groups
      .filter((l) => l.participants > 0)
      .map((l) => ({
        key: l.packageGroupId,
        item: l.name,
        amount: `${participantCount(l.participants)}${l.freeSeats > 0 ? ` (${l.freeSeats} free)` : ''}`,
        cost: formatCents(l.cost),
      })),
    ...totals.institutes
      .filter((l) => l.participants > 0)
      .map((l) => ({
        key: l.packageInstituteId,
        item: l.name,
        amount: participantCount(l.participants),
        cost: formatCents(l.cost),
      })),
  ];
  const send = () =>
    submit.mutate(
      { step: 'submit', body: { usingPtaFunds } },
      {
        onSuccess: () => setJustSubmitted(true),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  // Submitting cannot be undone from here (only staff reopen a request): asked first, with what it commits to.
  const onSubmit = () =>
    openConfirmModal({
      title: 'Submit this package request?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {detail.package.name} for {detail.organization.name}, package total{' '}
            <strong>{range(totals.total.low, totals.total.high)}</strong>.
          </Text>
          <Text size="sm">Once submitted it can no longer be changed, unless staff reopen it.</Text>
        </Stack>
      ),
      labels: { confirm: 'Submit request', cancel: 'Cancel' },
      onConfirm: send,
    });
  return (
    <Stack gap="lg">
      {justSubmitted ? (
        <Alert color="green" variant="light" role="status">
          {packageMessages.submitted}
        </Alert>
      ) : null}
      <Title order={3} size="h4">
        Costs
      </Title>
      {lines.length === 0 ? (
        <Text>Nothing selected yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Item</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Td>{line.item}</Table.Td>
                  <Table.Td>{line.amount}</Table.Td>
                  <Table.Td>{line.cost}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap="2xs">
        <Text size="lg" fw={700} c={totals.belowMinimum ? 'red.9' : undefined}>
          Package total: {range(totals.total.low, totals.total.high)}
        </Text>
        <Text size="sm">Package minimum: {formatCents(totals.minimumAmount)}</Text>
        {totals.belowMinimum ? (
          <Text size="sm" c="red.9" fw={600}>
            {packageMessages.packageMinimum}
          </Text>
        ) : null}
        <Text size="sm">Page counts and travel costs are estimates; travel is billed at actual cost.</Text>
      </Stack>
      <Group>
        <Button component="a" href={packagePaths.reviewPdf(detail.id)} download="package-review.pdf" variant="default">
          Download PDF
        </Button>
        <QuoteDownload path={`/api/package-requests/${encodeURIComponent(detail.id)}/quote`} />
      </Group>
      {detail.editable ? (
        <Stack gap="sm">
          {totals.belowMinimum ? (
            <Alert color="red" variant="light">
              {packageMessages.belowMinimum}
            </Alert>
          ) : null}
          {totals.groupsBelowMinimum.length > 0 ? (
            <Alert color="red" variant="light">
              {groupMinimumMessage(totals.groupsBelowMinimum)}
            </Alert>
          ) : null}
          <Checkbox
            label="We are using PTA funds"
            checked={usingPtaFunds}
            onChange={(e) => setUsingPtaFunds(e.currentTarget.checked)}
          />
          <Group>
            <Button onClick={onSubmit} loading={submit.isPending} disabled={!totals.canSubmit}>
              Submit
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
