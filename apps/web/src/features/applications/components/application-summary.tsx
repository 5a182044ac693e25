import { DataList, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pathLevelLabels } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { formatPhone } from '@portal/domain/contact.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { affiliationsQuery } from '../../../shared/affiliations/api.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';

const notAnswered = 'Not answered';

function shown(value: string | null): string {
  return value?.trim() ? value : 'Not set';
}

function GeneralInformation({ detail }: { detail: ApplicationDetail }) {
  const info = detail.generalInformation;
  const rows: [string, string][] = [
    ['Name', displayName(info)],
    ['Address 1', shown(info.address1)],
    ['Address 2', shown(info.address2)],
    ['City', shown(info.city)],
    ['State / Province', shown(info.stateProvince)],
    ['Zip / Postal code', shown(info.zipPostal)],
    ['Country', shown(info.country)],
    ['Phone', shown(formatPhone(info.phone))],
  ];
  return (
    <DataList labelWidth="10rem">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

function Affiliations() {
  const affiliations = useQuery(affiliationsQuery);
  if (!affiliations.isSuccess) return null;
  if (affiliations.data.items.length === 0) return <Text>No affiliations</Text>;
  return (
    <List>
      {affiliations.data.items.map((affiliation) => (
        <List.Item key={affiliation.membershipId}>
          {affiliation.organizationName}
          {affiliation.positionLabel ? `, ${affiliation.positionLabel}` : ''}
          {affiliation.grades.length > 0 ? ` (grades ${affiliation.grades.join(', ')})` : ''}
        </List.Item>
      ))}
    </List>
  );
}

/** The chosen path and its groupings or sections, ranked ones in rank order. */
function Sections({ detail }: { detail: ApplicationDetail }) {
  const path = detail.event.paths.find((candidate) => candidate.id === detail.pathId);
  if (!path) return <Text>No path chosen</Text>;
  const groupingNames = new Map(path.groupings.map((grouping) => [grouping.id, grouping.name]));
  const sections = [...detail.requestedSections].sort((a, b) => (a.ranking ?? 0) - (b.ranking ?? 0));
  return (
    <Stack gap="xs">
      <Text>
        {path.name} ({pathLevelLabels[path.level]})
      </Text>
      <List>
        {detail.requestedGroupings.map((grouping) => (
          <List.Item key={grouping.id}>{groupingNames.get(grouping.id) ?? grouping.id}</List.Item>
        ))}
        {sections.map((section) => (
          <List.Item key={section.id}>
            {section.ranking === null ? '' : `Rank ${section.ranking}: `}
            {section.title}
            {groupingNames.has(section.groupingId) ? ` (${groupingNames.get(section.groupingId)})` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Answers({ detail }: { detail: ApplicationDetail }) {
  const answers = new Map(detail.answers.map((answer) => [answer.questionId, answer.value]));
  return (
    <DataList labelWidth="16rem">
      {detail.event.questions.map((question) => {
        const value = answers.get(question.id) ?? [];
        return (
          <DataList.Item key={question.id}>
            <DataList.ItemLabel>{question.label}</DataList.ItemLabel>
            <DataList.ItemValue>{value.length > 0 ? value.join(', ') : notAnswered}</DataList.ItemValue>
          </DataList.Item>
        );
      })}
    </DataList>
  );
}

/** Everything the application holds, as review-and-submit shows it (and a submitted application keeps showing it). */
export function ApplicationSummary({ detail }: { detail: ApplicationDetail }) {
  return (
    <Stack gap="lg">
      <DetailSection title="General Information">
        <GeneralInformation detail={detail} />
      </DetailSection>
      <DetailSection title="Affiliations">
        <Affiliations />
      </DetailSection>
      <DetailSection title="Sections">
        <Sections detail={detail} />
      </DetailSection>
      <DetailSection title="Questionnaire">
        <Answers detail={detail} />
      </DetailSection>
    </Stack>
  );
}
