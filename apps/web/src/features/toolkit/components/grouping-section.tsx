import { Stack, Title, type TitleOrder } from '@mantine/core';
import type { NestedGrouping } from '@portal/domain/content/toolkit.ts';
import { DocumentList } from './document-item.tsx';

/**
 * A grouping with its documents and, inside it, its child groups: each level one heading level
 * deeper (h2 at the top, at most h6), and indented, so the nesting reads to eyes and screen readers.
 */
export function GroupingSection({ grouping, level }: { grouping: NestedGrouping; level: number }) {
  const order = Math.min(2 + level, 6) as TitleOrder;
  return (
    <Stack
      component="section"
      gap="sm"
      aria-label={grouping.title}
      pl={level > 0 ? 'sm' : 0}
      style={level > 0 ? { borderLeft: '2px solid var(--mantine-color-gray-4)' } : undefined}
    >
      <Title order={order} size={level === 0 ? 'h3' : 'h4'}>
        {grouping.title}
      </Title>
      <DocumentList documents={grouping.documents} label={`Documents in ${grouping.title}`} />
      {grouping.childGroups.map((child) => (
        <GroupingSection key={child.id} grouping={child} level={level + 1} />
      ))}
    </Stack>
  );
}
