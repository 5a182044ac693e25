import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@portal/domain/content/resources.ts';
import type { ToolkitDocument } from '@portal/domain/content/toolkit.ts';
import { FavouriteToggle } from '../../../shared/favourites/favourite-toggle.tsx';
import { toolkitKeys } from '../api/treasure-chest.ts';

/** One Treasure Chest document: its title and description, a download link and the favourite toggle. */
export function DocumentItem({ document }: { document: ToolkitDocument }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Stack gap="xs">
        <Text fw={600}>{document.title}</Text>
        {document.description ? <Text size="sm">{document.description}</Text> : null}
        <Group gap="sm" justify="space-between">
          <Anchor
            href={document.downloadLink}
            size="sm"
            aria-label={`Download ${document.title} (PDF, ${formatFileSize(document.fileSize)})`}
          >
            Download (PDF, {formatFileSize(document.fileSize)})
          </Anchor>
          <FavouriteToggle
            targetType="toolkit_document"
            targetId={document.id}
            title={document.title}
            isFavorited={document.isFavorited}
            invalidates={[toolkitKeys.treasureChest]}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/** A list of documents, or nothing when there are none. */
export function DocumentList({ documents, label }: { documents: readonly ToolkitDocument[]; label: string }) {
  if (documents.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {documents.map((document) => (
        <DocumentItem key={document.id} document={document} />
      ))}
    </Stack>
  );
}
