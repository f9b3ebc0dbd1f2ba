import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiKeyList, ApiKeyView, CreatedApiKey } from '../../../shared/contract/adminKeys';
import { API_ERROR } from '../../../shared/contract/errors';
import { text } from '../../../shared/contract/primitives';
import { ApiError } from '../../apiError';
import { newApiKey } from '../apiKeyFormat';
import { actorOf } from '../principal';
import { ROLES } from '../../../shared/contract/roles';
import type { AppDeps, AppEnv } from '../../deps';
import { hashSecret, newId } from '../../ids';
import { parseWith, readJson } from '../../http/readJsonBody';
import { principalOf, requirePermission } from '../authenticate';
import { findApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from '../apiKeys';
import { writeAuditEvent } from '../../orders';
import { isUniqueViolation } from '../../store';
import { describeRequest } from '../../http/describeRequest';

const createBody = z.strictObject({
  name: text(100).trim().min(1, 'must not be empty (say what the key is for, e.g. "month-end script")'),
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
});

/**
 * `POST /admin/api/keys {name, role}` -> 201 with the key, shown this once (only its hash is kept);
 * `GET /admin/api/keys` (every key, revoked ones too, never a secret); `DELETE /admin/api/keys/:id` (by id or
 * prefix; refused from the next request on). Several keys of one role can be active at once, so a key is rotated
 * by creating the new one, moving the script to it, then revoking the old one. Each creation and revocation is
 * an audit line naming the key's prefix and role, and who did it. Owners only (`team.manage`).
 */
export function apiKeyRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>()
    .use(requirePermission('team.manage'))
    .post('/', describeRequest({ body: createBody }), async (c) => {
      const { name, role } = parseWith(createBody, (await readJson(c)).value);
      const by = actorOf(principalOf(c));
      const at = deps.now().toISOString();
      const created = await insertNewKey(deps, { name, role, by, at });
      await writeAuditEvent(
        db,
        {
          kind: 'api_key',
          summary: `API key ${created.row.prefix} (${role}) "${name}" created`,
          detail: { action: 'created', prefix: created.row.prefix, role, name },
        },
        at,
      );
      const answer: CreatedApiKey = { ...toApiKeyView(created.row), key: created.key };
      return c.json<CreatedApiKey>(answer, 201);
    })
    .get('/', async (c) => c.json<ApiKeyList>({ keys: (await listApiKeys(db)).map(toApiKeyView) }))
    .delete('/:id', async (c) => {
      const key = await findApiKey(db, c.req.param('id'));
      if (!key) throw new ApiError(404, API_ERROR.not_found, `no API key ${c.req.param('id')}`);
      const by = actorOf(principalOf(c));
      const at = deps.now().toISOString();
      // revoking twice is not an error (a repeated click, a lost answer); only the first is audited
      if (await revokeApiKey(db, key.id, by, at))
        await writeAuditEvent(
          db,
          {
            kind: 'api_key',
            summary: `API key ${key.prefix} (${key.role}) "${key.name}" revoked`,
            detail: { action: 'revoked', prefix: key.prefix, role: key.role, name: key.name },
          },
          at,
        );
      return c.json<ApiKeyView>(toApiKeyView((await findApiKey(db, key.id)) ?? key));
    });
}

/** A new key's row, drawn again in the (2^-48) case that its shown prefix is taken already. */
async function insertNewKey(
  deps: AppDeps,
  fields: { name: string; role: (typeof ROLES)[number]; by: string; at: string },
): Promise<{ row: ApiKeyRow; key: string }> {
  for (let attempt = 1; ; attempt++) {
    const { key, prefix } = newApiKey(fields.role);
    const row: ApiKeyRow = {
      id: newId('key'),
      name: fields.name,
      role: fields.role,
      prefix,
      secret_hash: hashSecret(key),
      created_by: fields.by,
      created_at: fields.at,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
    };
    try {
      await insertApiKey(deps.store.db, row);
      return { row, key };
    } catch (e) {
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
    }
  }
}

function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    created_at: row.created_at,
    created_by: row.created_by,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    revoked_by: row.revoked_by,
  };
}
