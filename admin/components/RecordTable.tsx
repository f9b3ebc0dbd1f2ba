import { Table } from './Table';

/**
 * A table for records whose fields the page does not fix (payment attempts, refunds): one column per field
 * that any record has, in first-seen order.
 */
export function RecordTable({ caption, records }: { caption: string; records: readonly Record<string, unknown>[] }) {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return (
    <Table<{ r: Record<string, unknown>; i: number }>
      caption={caption}
      hideCaption
      rows={records.map((r, i) => ({ r, i }))}
      rowKey={(row) => String(row.i)}
      columns={keys.map((k) => ({ key: k, header: k.replace(/_/g, ' '), cell: (row) => show(row.r[k]) }))}
    />
  );
}

export function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
