import { Table, type TableProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import './responsive-table.css';

interface ResponsiveTableProps extends TableProps {
  /** The table's width on a wide screen, below which it scrolls inside its container (as Table.ScrollContainer). */
  minWidth?: number;
}

/**
 * The column's name as a card shows it: empty for a column named only for screen readers (the
 * row's actions), whose cell then spans the card.
 */
function visibleColumnName(header: Element): string {
  const hidden = header.querySelector('.mantine-VisuallyHidden-root');
  const text = (header.textContent ?? '').trim();
  return hidden && (hidden.textContent ?? '').trim() === text ? '' : text;
}

/**
 * A Mantine Table that, on a phone, shows each row as a stacked card of "column: value" lines
 * (responsive-table.css), so no key column or action falls off the screen. The column names are
 * read from the table's own header row, so callers write an ordinary table.
 */
export function ResponsiveTable({ minWidth = 0, className, ...props }: ResponsiveTableProps) {
  const table = useRef<HTMLTableElement>(null);

  // After every render: rows come and go with the data, and each new cell needs its column's name.
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const names = Array.from(element.tHead?.rows[0]?.cells ?? [], visibleColumnName);
    for (const body of Array.from(element.tBodies)) {
      for (const row of Array.from(body.rows)) {
        let column = 0;
        for (const cell of Array.from(row.cells)) {
          const name = cell.colSpan > 1 ? '' : (names[column] ?? '');
          if (cell.dataset.label !== name) cell.dataset.label = name;
          column += cell.colSpan;
        }
      }
    }
  });

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className="responsive-table-scroll">
      <Table ref={table} className={className ? `responsive-table ${className}` : 'responsive-table'} {...props} />
    </Table.ScrollContainer>
  );
}
