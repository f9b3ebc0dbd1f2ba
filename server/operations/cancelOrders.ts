import { journalOrderAction } from './journalOrderAction';

/** Cancel of authorised orders (the state machine allows it from 2000 only): the whole authorisation. */
export const cancelOrders = journalOrderAction({ kind: 'cancel', event: () => 'cancel' });
