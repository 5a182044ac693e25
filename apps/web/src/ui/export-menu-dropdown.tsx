import { Button, Menu } from '@mantine/core';
import { exportFormatLabels, exportFormats } from '@portal/domain/exports.ts';
import { withQuery } from '../lib/api.ts';
import { exportButtonProps, type ExportMenuProps } from './export-menu.tsx';

/**
 * "Export" with a choice of CSV or Excel: each is a plain link, so the browser downloads the file the
 * server writes as it reads the rows, with the session cookie, however long the list.
 */
export function ExportMenuDropdown({ path, filters, noun, opened }: ExportMenuProps & { opened: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} defaultOpened={opened}>
      <Menu.Target>
        <Button {...exportButtonProps} aria-label={`Export ${noun}`}>
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
