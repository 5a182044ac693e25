import type { StaffToolkitGrouping, StaffToolkitOutline } from '@portal/domain/content/toolkit.ts';

export interface GroupingRow extends StaffToolkitGrouping {
  depth: number;
  /** The titles from the top down to this grouping, joined: how a picker names it. */
  path: string;
  first: boolean;
  last: boolean;
}

/** The groupings depth first, each child after its parent, in the order members see them. */
export function groupingRows(groupings: readonly StaffToolkitGrouping[]): GroupingRow[] {
  const rows: GroupingRow[] = [];
  const visit = (parentId: string | null, depth: number, above: string) => {
    const siblings = groupings.filter((g) => g.parentId === parentId);
    siblings.forEach((grouping, index) => {
      const path = above ? `${above} › ${grouping.title}` : grouping.title;
      rows.push({ ...grouping, depth, path, first: index === 0, last: index === siblings.length - 1 });
      visit(grouping.id, depth + 1, path);
    });
  };
  visit(null, 0, '');
  return rows;
}

/** Where a document may sit: every category, then every grouping by its path. */
export function placeOptions(outline: StaffToolkitOutline | undefined) {
  if (!outline) return [];
  return [
    { group: 'Categories', items: outline.categories.map((c) => ({ value: `category:${c.id}`, label: c.name })) },
    {
      group: 'Groupings',
      items: groupingRows(outline.groupings).map((g) => ({ value: `grouping:${g.id}`, label: g.path })),
    },
  ];
}

/** The name of a document's place, for the documents table. */
export function placeName(
  outline: StaffToolkitOutline | undefined,
  categoryId: string | null,
  groupingId: string | null,
): string {
  if (!outline) return '';
  if (categoryId) return outline.categories.find((c) => c.id === categoryId)?.name ?? '';
  return groupingRows(outline.groupings).find((g) => g.id === groupingId)?.path ?? '';
}
