import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import {
  formatFileSize,
  resourceFileLabels,
  resourcePaths,
  type ResourceRow,
} from '@portal/domain/content/resources.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

interface ResourcesTableProps {
  eventId: string;
  resources: ResourceRow[];
  onEdit: (resource: ResourceRow) => void;
  onDelete: (resource: ResourceRow) => void;
  onMove: (resource: ResourceRow, direction: 'up' | 'down') => void;
  moving: boolean;
}

/** The event's resources in the order members see them, with up/down buttons to change it. */
export function ResourcesTable({ eventId, resources, onEdit, onDelete, onMove, moving }: ResourcesTableProps) {
  return (
    <ResponsiveTable minWidth={640} withTableBorder striped verticalSpacing="sm" aria-label="Resources">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Order</Table.Th>
          <Table.Th scope="col">Title</Table.Th>
          <Table.Th scope="col">Link or file</Table.Th>
          <Table.Th scope="col">Sections</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {resources.map((resource, index) => (
          <Table.Tr key={resource.id}>
            <Table.Td>
              <Group gap="2xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={index === 0 || moving}
                  onClick={() => onMove(resource, 'up')}
                  aria-label={`Move ${resource.title} up`}
                >
                  Up
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={index === resources.length - 1 || moving}
                  onClick={() => onMove(resource, 'down')}
                  aria-label={`Move ${resource.title} down`}
                >
                  Down
                </Button>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text fw={600} size="sm">
                {resource.title}
              </Text>
              {resource.description ? (
                <Text size="sm" lineClamp={2}>
                  {resource.description}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {resource.file ? (
                <Anchor href={resourcePaths.file(eventId, resource.id)} size="sm">
                  {resource.file.name} ({resourceFileLabels[resource.file.type]}, {formatFileSize(resource.file.size)})
                </Anchor>
              ) : resource.url ? (
                <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" size="sm">
                  {resource.url}
                </Anchor>
              ) : null}
            </Table.Td>
            <Table.Td>
              {resource.sections.length > 0 ? resource.sections.map((s) => s.title).join(', ') : 'Whole event'}
            </Table.Td>
            <Table.Td>
              <Group gap="2xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onEdit(resource)}
                  aria-label={`Edit ${resource.title}`}
                >
                  Edit
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  color="red.9"
                  onClick={() => onDelete(resource)}
                  aria-label={`Delete ${resource.title}`}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
