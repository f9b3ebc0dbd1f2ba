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
 * A data table that scrolls sideways on a narrow screen. The scroll box is focusable and named after the
 * caption so keyboard users can scroll it too.
 */
export function Table<Row>({ caption, columns, rows, rowKey, empty = 'Nothing to show.', hideCaption }: Props<Row>) {
  return (
    <section class="table-wrap" aria-label={caption} tabIndex={0}>
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
    </section>
  );
}
