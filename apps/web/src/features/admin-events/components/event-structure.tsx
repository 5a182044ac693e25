import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { pathLevelLabels } from '@portal/domain/applications/rules.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { eventChanges, type EventChange } from '../api/events.ts';
import { capacityToText } from './text-values.ts';
import { capacityLabel, selectionLevelLabels } from './labels.ts';
import type { PartEdit } from './part-editor.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

type Path = StaffEventDetail['paths'][number];
type Grouping = Path['groupings'][number];
type Section = Grouping['sections'][number];

interface EventStructureProps {
  paths: StaffEventDetail['paths'];
  onEdit: (edit: PartEdit) => void;
  onDelete: (what: string, name: string, call: EventChange, consequence?: string) => void;
}

const nextPosition = (siblings: readonly { position: number }[]) =>
  String(siblings.reduce((max, s) => Math.max(max, s.position + 1), 0));

const pathValues = (path: Path) => ({
  name: path.name,
  level: path.level,
  applicationSelectionLevel: path.applicationSelectionLevel,
  requireRankedSelection: path.requireRankedSelection,
  rankedSelectionAmount: String(path.rankedSelectionAmount),
  position: String(path.position),
});

const sectionValues = (section: Section) => ({
  title: section.title,
  dates: formatUsDates(section.dates),
  locationName: section.locationName ?? '',
  audienceType: section.audienceType.join(', '),
  description: section.description,
  isFree: section.isFree,
  maxTickets: capacityToText(section.maxTickets),
  position: String(section.position),
});

function ActionButtons({
  what,
  name,
  onEdit,
  onDelete,
}: {
  what: string;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
      <Button size="xs" variant="default" aria-label={`Edit ${what} ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${what} ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}

/** A conference day's or institute's paths > groupings > sections, each editable in place. */
export function EventStructure({ paths, onEdit, onDelete }: EventStructureProps) {
  return (
    <Stack gap="md">
      {paths.length === 0 ? <EmptyState message="No paths yet: add one, then its groupings and sections" /> : null}
      {paths.map((path) => (
        <Paper key={path.id} withBorder p="md" radius="md" component="section" aria-label={`Path ${path.name}`}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Stack gap={0}>
                <Title order={3} size="h4">
                  Path {path.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {pathLevelLabels[path.level]} · selection by{' '}
                  {selectionLevelLabels[path.applicationSelectionLevel].toLowerCase()}
                  {path.requireRankedSelection ? `, ${path.rankedSelectionAmount} ranked` : ''}
                </Text>
              </Stack>
              <ActionButtons
                what="path"
                name={path.name}
                onEdit={() => onEdit({ part: 'path', id: path.id, values: pathValues(path) })}
                onDelete={() =>
                  onDelete(
                    'path',
                    path.name,
                    eventChanges.deletePath(path.id),
                    'Its groupings and sections are deleted with it.',
                  )
                }
              />
            </Group>
            {path.groupings.map((grouping) => (
              <GroupingBlock
                key={grouping.id}
                pathId={path.id}
                grouping={grouping}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
            <Group>
              <Button
                size="xs"
                variant="light"
                aria-label={`Add grouping to path ${path.name}`}
                onClick={() =>
                  onEdit({
                    part: 'grouping',
                    id: null,
                    pathId: path.id,
                    values: { name: '', maxTickets: '', position: nextPosition(path.groupings) },
                  })
                }
              >
                Add grouping
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            onEdit({
              part: 'path',
              id: null,
              values: {
                name: '',
                level: 'FIRST_YEAR',
                applicationSelectionLevel: 'SECTIONS',
                requireRankedSelection: false,
                rankedSelectionAmount: '1',
                position: nextPosition(paths),
              },
            })
          }
        >
          Add path
        </Button>
      </Group>
    </Stack>
  );
}

function GroupingBlock({
  pathId,
  grouping,
  onEdit,
  onDelete,
}: { pathId: string; grouping: Grouping } & Omit<EventStructureProps, 'paths'>) {
  const taken = grouping.sections.reduce((sum, section) => sum + section.ticketsTaken, 0);
  return (
    <Stack gap="xs" pl="md" component="section" aria-label={`Grouping ${grouping.name}`}>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={4} size="h5">
            {grouping.name}
          </Title>
          <Text size="sm" c="dimmed">
            Sold or held {taken} / {capacityLabel(grouping.maxTickets)}
          </Text>
        </Stack>
        <ActionButtons
          what="grouping"
          name={grouping.name}
          onEdit={() =>
            onEdit({
              part: 'grouping',
              id: grouping.id,
              pathId,
              values: {
                name: grouping.name,
                maxTickets: capacityToText(grouping.maxTickets),
                position: String(grouping.position),
              },
            })
          }
          onDelete={() =>
            onDelete(
              'grouping',
              grouping.name,
              eventChanges.deleteGrouping(grouping.id),
              'Its sections are deleted with it.',
            )
          }
        />
      </Group>
      {grouping.sections.length > 0 ? (
        <ResponsiveTable minWidth={760} striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Section</Table.Th>
              <Table.Th scope="col">Dates</Table.Th>
              <Table.Th scope="col">Location</Table.Th>
              <Table.Th scope="col">Audience</Table.Th>
              <Table.Th scope="col">Free</Table.Th>
              <Table.Th scope="col">Sold / capacity</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grouping.sections.map((section) => (
              <Table.Tr key={section.id}>
                <Table.Td>{section.title}</Table.Td>
                <Table.Td>{formatUsDates(section.dates)}</Table.Td>
                <Table.Td>{section.locationName ?? ''}</Table.Td>
                <Table.Td>{section.audienceType.join(', ')}</Table.Td>
                <Table.Td>{section.isFree ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  {section.ticketsTaken} / {capacityLabel(section.maxTickets)}
                </Table.Td>
                <Table.Td>
                  <ActionButtons
                    what="section"
                    name={section.title}
                    onEdit={() =>
                      onEdit({
                        part: 'section',
                        id: section.id,
                        groupingId: grouping.id,
                        ticketsTaken: section.ticketsTaken,
                        values: sectionValues(section),
                      })
                    }
                    onDelete={() => onDelete('section', section.title, eventChanges.deleteSection(section.id))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      ) : (
        <Text size="sm">No sections yet.</Text>
      )}
      <Group>
        <Button
          size="xs"
          variant="light"
          aria-label={`Add section to ${grouping.name}`}
          onClick={() =>
            onEdit({
              part: 'section',
              id: null,
              groupingId: grouping.id,
              ticketsTaken: null,
              values: {
                title: '',
                dates: '',
                locationName: '',
                audienceType: '',
                description: '',
                isFree: false,
                maxTickets: '',
                position: nextPosition(grouping.sections),
              },
            })
          }
        >
          Add section
        </Button>
      </Group>
    </Stack>
  );
}
