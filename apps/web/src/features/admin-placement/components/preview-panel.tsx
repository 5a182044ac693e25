import { Alert, Button, CloseButton, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ordinal, placementMessages } from '@portal/domain/applications/placement.ts';
import type { PlacementPreview } from '@portal/domain/applications/placement-contracts.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import type { MovingPerson } from './move-modal.tsx';

export interface StagedMove {
  applicationId: string;
  sectionId: string;
  reason: string;
  name: string;
}

interface PreviewPanelProps {
  preview: PlacementPreview;
  moves: StagedMove[];
  sectionTitle: (sectionId: string) => string;
  onMove: (person: MovingPerson) => void;
  onRemoveMove: (move: StagedMove) => void;
  onPage: (page: number) => void;
  onPublish: () => void;
  publishing: boolean;
}

const sourceText = (place: PlacementPreview['places']['items'][number]) =>
  place.source === 'PUBLISHED' ? 'Published' : place.source === 'HAND' ? `Moved by hand: ${place.reason ?? ''}` : 'New';

/** What publishing would save: choices met, who is unplaced and why, every place (a page at a time), hand moves. */
export function PreviewPanel(props: PreviewPanelProps) {
  const { preview, moves } = props;
  const unplacedPeople = new Set(preview.unplaced.map((person) => person.applicationId)).size;
  const totalPages = Math.max(1, Math.ceil(preview.places.total / preview.places.pageSize));
  return (
    <Stack gap="lg">
      {preview.seed === null ? null : (
        <Text>
          Lottery seed <strong>{preview.seed}</strong>: run again with this seed to draw the same order.
        </Text>
      )}
      <List aria-label="Choices met" spacing={2}>
        {preview.byRank.map((count, index) => (
          <List.Item key={index}>
            {ordinal(index + 1)} choice: {count}
          </List.Item>
        ))}
        <List.Item>Not placed: {unplacedPeople}</List.Item>
      </List>
      {preview.refusedMoves.length > 0 ? (
        <Alert color="red" title="Some moves could not be made">
          <List spacing={2}>
            {preview.refusedMoves.map((refused) => (
              <List.Item key={`${refused.applicationId}:${refused.sectionId}`}>
                {moves.find((move) => move.applicationId === refused.applicationId)?.name ?? 'Someone'} to{' '}
                {props.sectionTitle(refused.sectionId)}: {refused.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {moves.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Moved by hand
          </Title>
          <List spacing={2}>
            {moves.map((move) => (
              <List.Item key={move.applicationId + move.sectionId}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">
                    {move.name} to {props.sectionTitle(move.sectionId)} ({move.reason})
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={`Undo the move of ${move.name}`}
                    onClick={() => props.onRemoveMove(move)}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h4">
          Not placed
        </Title>
        {preview.unplaced.length === 0 ? (
          <EmptyState message="Everyone has a place." />
        ) : (
          <ResponsiveTable minWidth={560} aria-label="Not placed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Applicant</Table.Th>
                <Table.Th>Grouping</Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.unplaced.map((person) => {
                const name = `${person.firstName} ${person.lastName}`;
                return (
                  <Table.Tr key={`${person.applicationId}:${person.groupingId}`}>
                    <Table.Td>
                      <Text fw={500}>{name}</Text>
                      <Text size="sm">
                        <EmailAddress email={person.email} />
                      </Text>
                    </Table.Td>
                    <Table.Td>{person.groupingName}</Table.Td>
                    <Table.Td>{person.reason}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Move ${name} by hand`}
                        onClick={() =>
                          props.onMove({
                            applicationId: person.applicationId,
                            name,
                            groupingId: person.groupingId,
                            sectionId: null,
                          })
                        }
                      >
                        Move
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Places, in priority order
        </Title>
        {preview.places.total === 0 ? (
          <EmptyState message="Nobody is placed." />
        ) : (
          <>
            <ResponsiveTable minWidth={640} aria-label="Places">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Applicant</Table.Th>
                  <Table.Th>Section</Table.Th>
                  <Table.Th>Choice</Table.Th>
                  <Table.Th>Place</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.places.items.map((place) => {
                  const name = `${place.firstName} ${place.lastName}`;
                  return (
                    <Table.Tr key={`${place.applicationId}:${place.groupingId}`}>
                      <Table.Td>
                        <Text fw={500}>{name}</Text>
                        <Text size="sm">
                          <EmailAddress email={place.email} />
                        </Text>
                      </Table.Td>
                      <Table.Td>{place.sectionTitle}</Table.Td>
                      <Table.Td>{placementMessages.rankLabel(place.rank)}</Table.Td>
                      <Table.Td>{sourceText(place)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Move ${name} by hand`}
                          onClick={() =>
                            props.onMove({
                              applicationId: place.applicationId,
                              name,
                              groupingId: place.groupingId,
                              sectionId: place.sectionId,
                            })
                          }
                        >
                          Move
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </ResponsiveTable>
            <ListFooter
              total={preview.places.total}
              noun={['place', 'places']}
              totalPages={totalPages}
              page={preview.places.page}
              onPage={props.onPage}
            />
          </>
        )}
      </Stack>
      <Group>
        <Button onClick={props.onPublish} loading={props.publishing} disabled={preview.newPlaces === 0}>
          Publish placement
        </Button>
        <Text size="sm">
          {preview.newPlaces === 0
            ? placementMessages.nothingToPublish
            : `${preview.newPlaces} new ${preview.newPlaces === 1 ? 'place' : 'places'}; each applicant placed is mailed their section.`}
        </Text>
      </Group>
    </Stack>
  );
}
