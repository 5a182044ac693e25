import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatFileSize,
  resourceFileLabels,
  resourcePaths,
  type ResourceRow,
} from '@portal/domain/content/resources.ts';
import { NewTabMark } from '../../../ui/new-tab-mark.tsx';

/** One resource: its title, description, the sections it is for, and a link to open or a file to download. */
export function ResourceCard({ eventId, resource }: { eventId: string; resource: ResourceRow }) {
  const headingId = `resource-${resource.id}`;
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {resource.title}
        </Title>
        {resource.sections.length > 0 ? (
          <Group gap="xs" aria-label="Sections">
            {resource.sections.map((section) => (
              <Badge key={section.id} variant="light" c="dark" style={{ textTransform: 'none' }}>
                {section.title}
              </Badge>
            ))}
          </Group>
        ) : null}
        {resource.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {resource.description}
          </Text>
        ) : null}
        <Group gap="sm">
          {resource.file ? (
            <>
              <Button
                component="a"
                href={resourcePaths.file(eventId, resource.id)}
                download={resource.file.name}
                variant="default"
                aria-label={`Download ${resource.title}`}
              >
                Download
              </Button>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {resource.file.name} · {resourceFileLabels[resource.file.type]}, {formatFileSize(resource.file.size)}
              </Text>
            </>
          ) : resource.url ? (
            <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
              Open {resource.title}
              <NewTabMark />
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
