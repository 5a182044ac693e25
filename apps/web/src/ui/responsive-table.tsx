import { Table, type TableProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import './responsive-table.css';

interface ResponsiveTableProps extends TableProps {
  /** The narrowest box the table is laid out in as a table; in a narrower one its rows stack. */
  minWidth?: number;
}

/** Where the side menu folds away (Mantine's sm breakpoint): every table stacks its rows. */
const phoneQuery = '(max-width: 47.99em)';

/**
 * The column's name as a card shows it: empty for a column named only for screen readers (the
 * row's actions), whose cell then spans the card.
 */
function visibleColumnName(header: Element): string {
  const hidden = header.querySelector('.mantine-VisuallyHidden-root');
  const text = (header.textContent ?? '').trim();
  return hidden && (hidden.textContent ?? '').trim() === text ? '' : text;
}

/** Gives every body cell its column's name, which a stacked row shows before the cell's value. */
function labelCells(table: HTMLTableElement): void {
  const names = Array.from(table.tHead?.rows[0]?.cells ?? [], visibleColumnName);
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const name = cell.colSpan > 1 ? '' : (names[column] ?? '');
        if (cell.dataset.label !== name) cell.dataset.label = name;
        column += cell.colSpan;
      }
    }
  }
}

/**
 * Lays the table out as rows of cards when, as a table, it would not fit its box: on a phone, in a
 * box narrower than `minWidth`, or where its columns need more width than the box has. Measured laid
 * out as a table, then decided in the same frame, so nothing is painted in between.
 */
function stackWhenTooWide(table: HTMLTableElement, box: HTMLElement, minWidth: number): void {
  // A phone always stacks: decided without laying the table out as a table first, which on every render of every
  // table cost the phone a forced layout of the whole page (the main-thread trace of Manage Events, decision 0171).
  if (window.matchMedia(phoneQuery).matches) {
    if (table.dataset.stacked === undefined) table.dataset.stacked = '';
    return;
  }
  delete table.dataset.stacked;
  const width = box.clientWidth;
  // A box not laid out (in a hidden panel; no layout at all in jsdom) has no width to judge by; the
  // resize observer decides once it shows.
  if (width === 0) return;
  const tooWide = width < minWidth || box.scrollWidth > width + 1;
  if (tooWide) table.dataset.stacked = '';
}

/**
 * A Mantine Table that never scrolls sideways: where its columns do not fit (always on a phone) it
 * shows each row as a stacked card of "column: value" lines (responsive-table.css), so no key column
 * or action falls out of sight. The column names are read from the table's own header row, so
 * callers write an ordinary table.
 */
export function ResponsiveTable({ minWidth = 0, className, ...props }: ResponsiveTableProps) {
  const table = useRef<HTMLTableElement>(null);
  const box = useRef<HTMLDivElement>(null);

  // After every render: rows come and go with the data, each new cell needs its column's name and
  // new content may no longer fit.
  useLayoutEffect(() => {
    if (!table.current || !box.current) return;
    labelCells(table.current);
    stackWhenTooWide(table.current, box.current, minWidth);
  });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    let width = element.clientWidth;
    // Only a change of width can change the verdict; stacking itself changes the box's height.
    const observer = new ResizeObserver(() => {
      if (!table.current || element.clientWidth === width) return;
      width = element.clientWidth;
      stackWhenTooWide(table.current, element, minWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);

  return (
    <div ref={box} className="responsive-table-box">
      <Table ref={table} className={className ? `responsive-table ${className}` : 'responsive-table'} {...props} />
    </div>
  );
}
