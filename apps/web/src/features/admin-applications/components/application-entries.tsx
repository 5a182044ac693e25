import { Anchor, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pathLevelLabels } from '@portal/domain/applications/rules.ts';
import type { AdminApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { AddressLines } from '../../../ui/address-lines.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Fact } from '../../../ui/fact.tsx';
import { historyActionLabel, paymentMethodLabels, paymentOptionText, paymentStatusText } from './labels.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

type Detail = AdminApplicationDetail;

/** §5 'General information' as the applicant saved it (or the profile's values before a first save). */
export function GeneralInformationSummary({ application }: { application: Detail }) {
  const info = application.generalInformation;
  return (
    <Stack gap="sm">
      {application.generalInformationSaved ? null : (
        <Text size="sm">Not saved yet: these are the applicant’s profile values.</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Fact label="Name">
          {info.firstName} {info.lastName}
        </Fact>
        <Fact label="Address and phone">
          <AddressLines
            withPhone
            address={{
              addressLine1: info.address1,
              addressLine2: info.address2,
              city: info.city,
              stateProvince: info.stateProvince,
              zipPostal: info.zipPostal,
              country: info.country,
              phone: info.phone,
            }}
          />
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}

export function AffiliationsSummary({ affiliations }: { affiliations: Detail['affiliations'] }) {
  if (affiliations.length === 0) return <EmptyState message="No affiliations" />;
  return (
    <List spacing="xs" size="sm">
      {affiliations.map((affiliation, index) => (
        <List.Item key={`${affiliation.organizationName}-${index}`}>
          {affiliation.organizationName}
          {affiliation.positionLabel ? ` · ${affiliation.positionLabel}` : ''}
          {affiliation.grades.length > 0 ? ` · Grades ${affiliation.grades.join(', ')}` : ''}
        </List.Item>
      ))}
    </List>
  );
}

const byRanking = (a: { ranking: number | null }, b: { ranking: number | null }) =>
  (a.ranking ?? Number.MAX_SAFE_INTEGER) - (b.ranking ?? Number.MAX_SAFE_INTEGER);

/** The chosen path and, per grouping, what was chosen in it with its ranking. */
export function SelectionSummary({ application }: { application: Detail }) {
  const path = application.event.paths.find((candidate) => candidate.id === application.pathId);
  if (!path) return <EmptyState message="No path chosen yet" />;
  const rankedGroupings = new Map(application.requestedGroupings.map((grouping) => [grouping.id, grouping.ranking]));

  return (
    <Stack gap="sm">
      <Text size="sm">
        Path {path.name} · {pathLevelLabels[path.level]}
        {path.requireRankedSelection ? ` · ${path.rankedSelectionAmount} ranked per grouping` : ''}
      </Text>
      {path.groupings.map((grouping) => {
        const sections = application.requestedSections
          .filter((section) => section.groupingId === grouping.id)
          .sort(byRanking);
        const groupingChosen = rankedGroupings.has(grouping.id);
        const groupingRanking = rankedGroupings.get(grouping.id) ?? null;
        return (
          <Stack key={grouping.id} gap="2xs" component="section" aria-label={`Grouping ${grouping.name}`}>
            <Title order={3} size="h5">
              {grouping.name}
              {groupingChosen ? ` — chosen${groupingRanking !== null ? `, ranked ${groupingRanking}` : ''}` : ''}
            </Title>
            {sections.length === 0 ? (
              <Text size="sm">No sections chosen</Text>
            ) : (
              <List size="sm" spacing="3xs">
                {sections.map((section) => (
                  <List.Item key={section.id}>
                    {section.ranking !== null ? `${section.ranking}. ` : ''}
                    {section.title}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

export function AnswersSummary({ application }: { application: Detail }) {
  const questions = application.event.questions;
  if (questions.length === 0) return <EmptyState message="This event asks no questions" />;
  const answers = new Map(application.answers.map((answer) => [answer.questionId, answer.value]));
  return (
    <Stack gap="sm">
      {questions.map((question) => {
        const answer = answers.get(question.id) ?? [];
        return (
          <Fact key={question.id} label={`${question.label}${question.required ? ' (required)' : ''}`}>
            {answer.length > 0 ? (
              <Text style={{ whiteSpace: 'pre-wrap' }} inherit>
                {answer.join(', ')}
              </Text>
            ) : (
              'Not answered'
            )}
          </Fact>
        );
      })}
    </Stack>
  );
}

/** What the applicant owes or paid: option, coupon, amounts, the latest payment. */
export function PaymentSummary({ application }: { application: Detail }) {
  const { paymentOption, coupon, amounts, payment } = application;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Fact label="Payment option">{paymentOption ? paymentOptionText(paymentOption) : 'None chosen'}</Fact>
      <Fact label="Coupon">{coupon ? coupon.code : 'None'}</Fact>
      <Fact label="Payment status">{paymentStatusText(application.status, application.paymentStatus)}</Fact>
      <Fact label="Price">{formatCents(amounts.priceCents)}</Fact>
      <Fact label="Discount">{formatCents(amounts.discountCents)}</Fact>
      {/* Once paid (or given free) the amount is what was paid, no longer what is owed. */}
      <Fact
        label={
          application.paymentStatus === 'PAID' || application.paymentStatus === 'COMPLIMENTARY'
            ? 'Amount paid'
            : 'Amount due'
        }
      >
        {formatCents(amounts.amountDueCents)}
      </Fact>
      {payment ? (
        <Fact label="Latest payment">
          {formatCents(payment.totalCents)} by {paymentMethodLabels[payment.method].toLowerCase()} ·{' '}
          <Anchor component={Link} to={`/admin/event-payments/${encodeURIComponent(payment.eventPaymentId)}`} inherit>
            Open payment
          </Anchor>
        </Fact>
      ) : null}
    </SimpleGrid>
  );
}

export function HistoryTable({ history }: { history: Detail['history'] }) {
  const timeZone = useProviderTimeZone();
  if (history.length === 0) return <EmptyState message="Nothing recorded yet" />;
  return (
    <ResponsiveTable minWidth={500} striped withTableBorder verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">What</Table.Th>
          <Table.Th scope="col">Who</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.map((entry, index) => (
          <Table.Tr key={`${entry.at}-${index}`}>
            <Table.Td>{formatMoment(entry.at, timeZone)}</Table.Td>
            <Table.Td>{historyActionLabel(entry.action)}</Table.Td>
            <Table.Td>{entry.actorName ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
