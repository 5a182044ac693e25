import { Button } from '@mantine/core';
import IconChevronDown from '@tabler/icons-react/icons/IconChevronDown';
import IconDownload from '@tabler/icons-react/icons/IconDownload';
import { lazy, Suspense, useState } from 'react';

// Mantine's Menu and its Popover (about 12 kB) are no part of a list's first screen: the menu follows the page in a
// chunk of its own, behind a button that looks the same (docs/decisions/0225-route-chunks-after-first-paint.md).
const ExportMenuDropdown = lazy(() =>
  import('./export-menu-dropdown.tsx').then((module) => ({ default: module.ExportMenuDropdown })),
);

export interface ExportMenuProps {
  /** The list's export route, e.g. /api/admin/purchase-orders/export. */
  path: string;
  /** The list's current filters and search, without its page: the file holds every row they match. */
  filters: Record<string, string | number | undefined>;
  /** What is exported, for screen readers: "purchase orders". */
  noun: string;
}

/** The Export button's look, shared by the menu and the button that stands in for it while the menu loads. */
export const exportButtonProps = {
  variant: 'default',
  leftSection: <IconDownload size={16} aria-hidden />,
  rightSection: <IconChevronDown size={16} aria-hidden />,
} as const;

/** "Export" with a choice of CSV or Excel (export-menu-dropdown.tsx); a press before the menu is in opens it once in. */
export function ExportMenu(props: ExportMenuProps) {
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <Button {...exportButtonProps} aria-label={`Export ${props.noun}`} onClick={() => setPressed(true)}>
      Export
    </Button>
  );
  return (
    <Suspense fallback={standIn}>
      <ExportMenuDropdown {...props} opened={pressed} />
    </Suspense>
  );
}
