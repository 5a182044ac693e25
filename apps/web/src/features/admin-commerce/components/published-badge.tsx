import { Badge } from '@mantine/core';

export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <Badge miw="max-content" variant="light" color={published ? 'green' : 'gray'} c="dark">
      {published ? 'Published' : 'Draft'}
    </Badge>
  );
}
