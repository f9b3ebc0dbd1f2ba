import type { Kysely, Migration } from 'kysely';

/** Schema history, oldest first. Never edit a shipped migration: add the next one. */
export const MIGRATIONS: Record<string, Migration> = {
  '001_init': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('transactions')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('captured_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text', (c) => c.notNull())
        .addColumn('notify_url', 'text')
        .addColumn('request_json', 'text', (c) => c.notNull())
        .addColumn('page_token', 'text', (c) => c.notNull())
        .addColumn('card_last4', 'text')
        .addColumn('is3ds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fraud_status', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('reference_no', 'text', (c) => c.notNull())
        .addColumn('refund_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('settle_at', 'integer')
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transactions_order')
        .on('transactions')
        .columns(['account_id', 'order_no', 'created_at'])
        .execute();
      await db.schema.createIndex('transactions_settle').on('transactions').column('settle_at').execute();

      await db.schema
        .createTable('refunds')
        .addColumn('refund_reference_id', 'text', (c) => c.primaryKey())
        .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.transaction_id'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('refund_reference', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refunds_transaction').on('refunds').column('transaction_id').execute();

      await db.schema
        .createTable('payouts')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('request_json', 'text', (c) => c.notNull())
        .addColumn('response_json', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('payouts_pk', ['account_id', 'request_id'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('notify_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('notify_type', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('fields_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivered_at', 'integer')
        .addColumn('gave_up_at', 'integer')
        .execute();
      await db.schema
        .createIndex('notifications_due')
        .on('notifications')
        .columns(['delivered_at', 'gave_up_at', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('notification_attempts')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('notify_id', 'text', (c) => c.notNull().references('notifications.notify_id'))
        .addColumn('attempted_at', 'integer', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('attempts_notification').on('notification_attempts').column('notify_id').execute();

      await db.schema
        .createTable('request_log')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('order_nos', 'text', (c) => c.notNull())
        .addColumn('http_status', 'integer', (c) => c.notNull())
        .addColumn('received_at', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '002_card_tokens': {
    async up(db: Kysely<any>) {
      // what the card page learnt beyond the last four digits, and the token a payment issued or paid with
      await db.schema.alterTable('transactions').addColumn('card_brand', 'text').execute();
      await db.schema.alterTable('transactions').addColumn('card_outcome', 'text').execute();
      await db.schema.alterTable('transactions').addColumn('token_id', 'text').execute();
      await db.schema
        .createTable('card_tokens')
        .addColumn('token_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('card_brand', 'text', (c) => c.notNull())
        .addColumn('card_last4', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '003_refund_state': {
    async up(db: Kysely<any>) {
      // room for asynchronous refunds: a refund's own state and when it reached its result
      await db.schema
        .alterTable('refunds')
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('succeeded'))
        .execute();
      await db.schema.alterTable('refunds').addColumn('processed_at', 'integer').execute();
      await db
        .updateTable('refunds')
        .set((eb) => ({ processed_at: eb.ref('created_at') }))
        .execute();
    },
  },
  '004_async_refunds': {
    async up(db: Kysely<any>) {
      // refunds take their steps over time (received, accepted, a result); the refunds stored before were final
      await db.schema
        .alterTable('refunds')
        .addColumn('plan', 'text', (c) => c.notNull().defaultTo('succeed'))
        .execute();
      await db.schema.alterTable('refunds').addColumn('due_at', 'integer').execute();
      await db.schema.alterTable('refunds').addColumn('message', 'text').execute();
      await db.schema.createIndex('refunds_due').on('refunds').column('due_at').execute();
      await db.schema.alterTable('transactions').addColumn('refund_plan', 'text').execute();
    },
  },
  '005_disputes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('disputes')
        .addColumn('dispute_id', 'text', (c) => c.primaryKey())
        .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.transaction_id'))
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('reason_code', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('respond_by', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('planned', 'text')
        .addColumn('decide_at', 'integer')
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('decided_at', 'integer')
        .execute();
      await db.schema.createIndex('disputes_transaction').on('disputes').column('transaction_id').execute();
      await db.schema.createIndex('disputes_due').on('disputes').columns(['state', 'decide_at']).execute();
    },
  },
};
