import type { Kysely, Migration } from 'kysely';
import { defaultPaymentMethods } from './defaultPaymentMethods';

/** Seeds the default payment methods once; later edits by the shop owner are never overwritten. */
export const seedPaymentMethods: Migration = {
  async up(db: Kysely<any>) {
    await db.insertInto('payment_methods').values(defaultPaymentMethods(new Date().toISOString())).execute();
  },
};
