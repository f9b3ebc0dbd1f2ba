import type { ComponentChildren } from 'preact';

interface Column<Row> {
  key: string;
  header: ComponentChildren;
  cell: (row: Row) => ComponentChildren;
  /** e.g. "num" right-aligns amounts */
  class?: string;
}

interface Props<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty?: ComponentChildren;
  /** shows the caption to screen readers only, when a heading already names the table */
  hideCaption?: boolean;
}

/**
 * The box a wide table scrolls sideways in on a narrow screen, so the page itself stays the screen's width (a 390 px
 * phone). Focusable and named, so keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <section class="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/**
 * A data table that scrolls sideways on a narrow screen. The scroll box is focusable and named after the
 * caption so keyboard users can scroll it too.
 */
export function Table<Row>({ caption, columns, rows, rowKey, empty = 'Nothing to show.', hideCaption }: Props<Row>) {
  return (
    <TableScroll label={caption}>
      <table>
        <caption class={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" class={c.class}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} class="empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} class={c.class}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
