import { Hono } from 'hono';
import { z } from 'zod';
import { API_ERROR, describeFieldErrors } from '../../../shared/contract/errors';
import type { RecipientBody, RecipientList, RecipientView } from '../../../shared/contract/recipient';
import { checkRecipient } from '../../../shared/payouts/checkRecipient';
import { ApiError } from '../../apiError';
import { actorOf } from '../../team';
import type { AppDeps, AppEnv } from '../../deps';
import { maskFields } from '../../gateway';
import { parseWith, readJson } from '../../http/readJsonBody';
import { newId } from '../../ids';
import { principalOf, requirePermission } from '../../team';
import { keepMasked } from '../keepMasked';
import { toRecipientView } from '../toRecipientView';
import { writeAuditEvent } from '../../orders';
import { findRecipient, insertRecipient, listRecipients, updateRecipient } from '../payoutRecipients';
import { givenQuery } from '../../http/givenQuery';
import { describeRequest } from '../../http/describeRequest';

const MAX_RECIPIENTS_LISTED = 1000;
const listQuery = z.strictObject({
  archived: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/**
 * Saved payout recipients (`/admin/api/recipients`): create, list, read, replace, archive. Every body is checked
 * by the rules a payout to it must pass (`checkRecipient`), so a saved recipient can always be paid; every change
 * is an audit line, with bank numbers masked.
 */
export function recipientRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const today = () => deps.now().toISOString().slice(0, 10);

  async function parse(value: unknown): Promise<RecipientBody> {
    const checked = checkRecipient(value, today());
    if (!checked.ok)
      throw new ApiError(400, API_ERROR.invalid_request, describeFieldErrors(checked.errors), checked.errors);
    return checked.recipient;
  }
  async function mustFind(id: string) {
    const row = await findRecipient(db, id);
    if (!row) throw new ApiError(404, API_ERROR.not_found, `no recipient ${id}`);
    return row;
  }
  function audit(c: Parameters<typeof principalOf>[0], id: string, summary: string, detail: unknown) {
    return writeAuditEvent(
      db,
      {
        kind: 'recipient',
        summary: `recipient ${id} ${summary}`,
        request_id: c.get('requestId') ?? null,
        detail: { actor: actorOf(principalOf(c)), ...(maskFields(detail) as object) },
      },
      deps.now().toISOString(),
    );
  }

  return new Hono<AppEnv>()
    .get('/', describeRequest({ query: listQuery }), requirePermission('payouts.read'), async (c) => {
      const q = parseWith(listQuery, givenQuery(c.req.query()));
      const rows = await listRecipients(db, q.archived === 'true', MAX_RECIPIENTS_LISTED);
      return c.json<RecipientList>({ recipients: rows.map(toRecipientView) });
    })
    .get('/:id', requirePermission('payouts.read'), async (c) =>
      c.json<RecipientView>(toRecipientView(await mustFind(c.req.param('id')))),
    )
    .post('/', requirePermission('payouts.send'), async (c) => {
      const r = await parse((await readJson(c)).value);
      const now = deps.now().toISOString();
      const row = {
        id: newId('rc'),
        name: r.name,
        payment_method: r.payment_method ?? null,
        beneficiary_id: r.beneficiary_id ?? null,
        beneficiary: JSON.stringify(r.beneficiary),
        archived_at: null,
        created_at: now,
        updated_at: now,
      };
      await insertRecipient(db, row);
      await audit(c, row.id, `created: ${r.name}`, { after: r });
      return c.json<RecipientView>(toRecipientView(row), 201);
    })
    .put('/:id', requirePermission('payouts.send'), async (c) => {
      const before = await mustFind(c.req.param('id'));
      if (before.archived_at) throw new ApiError(409, API_ERROR.conflict, `recipient ${before.id} is archived`);
      const saved = JSON.parse(before.beneficiary) as unknown;
      const sent = (await readJson(c)).value as Record<string, unknown> | undefined;
      const r = await parse(
        sent && typeof sent === 'object' ? { ...sent, beneficiary: keepMasked(sent.beneficiary, saved) } : sent,
      );
      const patch = {
        name: r.name,
        payment_method: r.payment_method ?? null,
        beneficiary_id: r.beneficiary_id ?? null,
        beneficiary: JSON.stringify(r.beneficiary),
        updated_at: deps.now().toISOString(),
      };
      if (!(await updateRecipient(db, before.id, patch)))
        throw new ApiError(409, API_ERROR.conflict, `recipient ${before.id} is archived`);
      await audit(c, before.id, `changed: ${r.name}`, {
        before: { ...toRecipientView(before), beneficiary: saved },
        after: r,
      });
      return c.json<RecipientView>(toRecipientView({ ...before, ...patch }));
    })
    .post('/:id/archive', requirePermission('payouts.send'), async (c) => {
      const row = await mustFind(c.req.param('id'));
      const now = deps.now().toISOString();
      if (await updateRecipient(db, row.id, { archived_at: now, updated_at: now }))
        await audit(c, row.id, `archived: ${row.name}`, {});
      return c.json<RecipientView>(toRecipientView((await findRecipient(db, row.id))!));
    });
}
