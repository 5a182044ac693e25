import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import {
  organizationResourcePaths,
  type HeadlinePart,
  type OrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import { formatFileSize } from '@portal/domain/content/resources.ts';
import { FavouriteToggle } from '../../../shared/favourites/favourite-toggle.tsx';
import { NewTabMark } from '../../../ui/new-tab-mark.tsx';

/** Text with the search's matches in <mark>: parts are plain strings, so nothing is read as HTML. */
function Marked({ parts, text }: { parts: HeadlinePart[] | null; text: string }) {
  if (!parts) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/** One resource (§2: title, grades and description): a link to open, or a PDF to download. The article is named by its title alone. */
export function OrganizationResourceCard({
  resource,
  invalidates,
}: {
  resource: OrganizationResourceRow;
  invalidates: readonly QueryKey[];
}) {
  const headingId = `organization-resource-${resource.id}`;
  const href = resource.file ? organizationResourcePaths.file(resource.id) : (resource.url ?? undefined);
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {resource.file ? (
              <Anchor href={href} download={resource.file.name} inherit>
                <span id={headingId}>
                  <Marked parts={resource.titleParts} text={resource.title} />
                </span>
              </Anchor>
            ) : (
              <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
                <span id={headingId}>
                  <Marked parts={resource.titleParts} text={resource.title} />
                </span>
                <NewTabMark />
              </Anchor>
            )}
          </Title>
          {resource.file ? (
            <FavouriteToggle
              targetType="organization_resource"
              targetId={resource.id}
              title={resource.title}
              isFavorited={resource.isFavorited}
              invalidates={invalidates}
            />
          ) : null}
        </Group>
        <Group gap="xs">
          {resource.grades ? (
            <Badge variant="light" c="dark" style={{ textTransform: 'none' }}>
              {resource.grades}
            </Badge>
          ) : null}
          {resource.file ? (
            <Text size="sm" c="dimmed">
              PDF, {formatFileSize(resource.file.size)}
            </Text>
          ) : null}
        </Group>
        {resource.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <Marked parts={resource.descriptionParts} text={resource.description} />
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
