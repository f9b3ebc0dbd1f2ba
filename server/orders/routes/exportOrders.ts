import { Hono } from 'hono';
import { z } from 'zod';
import { ordersCsv } from '../../../shared/csv/ordersCsv';
import { spreadsheetDialect } from '../../../shared/csv/spreadsheetDialect';
import type { AdminOrder } from '../../../shared/contract/admin';
import type { AppDeps, AppEnv } from '../../deps';
import { endOf, startOf } from '../../http/dateRange';
import { describeRequest } from '../../http/describeRequest';
import { givenQuery } from '../../http/givenQuery';
import { parseWith } from '../../http/readJsonBody';
import { lostDisputeMinor } from '../../disputes';
import { requirePermission } from '../../team';
import { writeAuditEvent } from '../auditEvents';
import { listOrders } from '../listOrders';
import { toOrderView } from '../toOrderView';
import { listQuery } from './adminOrders';

/** Orders read per statement while the file is written. */
const CHUNK = 500;

const exportQuery = listQuery.omit({ cursor: true, limit: true }).extend({
  /** the spreadsheet's locale (`de-DE`): its separator and decimal mark, see shared/csv/spreadsheetDialect.ts */
  locale: z
    .string()
    .max(35)
    .refine((l) => {
      try {
        spreadsheetDialect(l);
        return true;
      } catch {
        return false;
      }
    }, 'must be a locale such as de-DE or en-US')
    .optional(),
});

/**
 * `GET /admin/api/orders/export`: every order of the list's filter as one CSV file, for the admin page's "Export"
 * and `npm run cli -- orders`. It needs `orders.export` (a viewer reads orders but may not take them away), and
 * each export is an audit line naming who took which filter and how many rows. With `locale` the file is written
 * for that locale's spreadsheet (shared/csv/ordersCsv.ts); without, as plain CSV the command line reads back.
 */
export function exportRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>().get(
    '/export',
    describeRequest({ query: exportQuery }),
    requirePermission('orders.export'),
    async (c) => {
      const q = parseWith(exportQuery, givenQuery(c.req.query()));
      const filter = { status: q.status, from: q.from && startOf(q.from), to: q.to && endOf(q.to), q: q.q };
      const dialect = q.locale === undefined ? undefined : spreadsheetDialect(q.locale);
      const rows: AdminOrder[] = [];
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const chunk = await listOrders(db, filter, { after, limit: CHUNK });
        const lost = await lostDisputeMinor(
          db,
          chunk.map((o) => o.id),
        );
        rows.push(...chunk.map((o) => toOrderView(o, lost.get(o.id))));
        const last = chunk.at(-1);
        if (!last || chunk.length < CHUNK) break;
        after = { at: last.created_at, id: last.id };
      }
      const given = Object.fromEntries(
        Object.entries({ status: q.status, from: q.from, to: q.to, q: q.q }).filter(([, v]) => v !== undefined),
      );
      const format = dialect ? `a spreadsheet file for ${dialect.locale}` : 'CSV';
      await writeAuditEvent(db, {
        kind: 'orders_export',
        summary: `exported ${rows.length} ${rows.length === 1 ? 'order' : 'orders'} as ${format}${
          Object.keys(given).length
            ? ` (${Object.entries(given)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')})`
            : ' (all orders)'
        }`,
        request_id: c.get('requestId'),
        detail: { filter: given, rows: rows.length, locale: dialect?.locale ?? null },
      });
      const stamp = deps.now().toISOString().replace(/[-:]/g, '').slice(0, 15);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="orders-${stamp}.csv"`);
      c.header('X-Row-Count', String(rows.length));
      return c.body(ordersCsv(rows, dialect));
    },
  );
}
