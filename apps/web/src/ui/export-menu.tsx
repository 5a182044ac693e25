import { Button, Menu } from '@mantine/core';
import IconChevronDown from '@tabler/icons-react/icons/IconChevronDown';
import IconDownload from '@tabler/icons-react/icons/IconDownload';
import { exportFormatLabels, exportFormats } from '@portal/domain/exports.ts';
import { withQuery } from '../lib/api.ts';

interface ExportMenuProps {
  /** The list's export route, e.g. /api/admin/purchase-orders/export. */
  path: string;
  /** The list's current filters and search, without its page: the file holds every row they match. */
  filters: Record<string, string | number | undefined>;
  /** What is exported, for screen readers: "purchase orders". */
  noun: string;
}

/**
 * "Export" with a choice of CSV or Excel: each is a plain link, so the browser downloads the file the
 * server writes as it reads the rows, with the session cookie, however long the list.
 */
export function ExportMenu({ path, filters, noun }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={`Export ${noun}`}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {exportFormats.map((format) => (
          <Menu.Item key={format} component="a" href={withQuery(path, { ...filters, format })} download>
            {exportFormatLabels[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
