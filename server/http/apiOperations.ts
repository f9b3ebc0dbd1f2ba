/**
 * Every operation of the backend's JSON API, as the OpenAPI document (server/http/openApi.ts) declares it: who may
 * call it, what it answers (by the component name of a zod schema of shared/contract/) and which errors. Request
 * bodies and query parameters are not written here: they are the zod schemas each route parses with, found on the
 * app's routes (server/http/describeRequest.ts) or named by `body`. server/http/openApiRoutes.test.ts calls each
 * route for real and holds its answers to this table; a route of the app missing here fails it.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** `shop`: a shop-server key or SHOP_SECRET; `admin`: an admin credential or a signed-in person's cookie. */
type Auth = 'shop' | 'admin' | 'client' | 'shopOrClient' | 'none';

export interface Answer {
  description: string;
  /** the component name of the answer's schema; none: no body */
  schema?: string;
  /** several shapes (one per caller) */
  anyOf?: string[];
  /** a body that is not JSON: its media type (`text/csv`), the body a string */
  text?: string;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

interface Parameter {
  name: string;
  in: 'header' | 'query';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

export interface Operation {
  method: Method;
  /** OpenAPI's form: `/api/sessions/{id}` */
  path: string;
  operationId: string;
  tag: 'Shop server' | 'Widget' | 'Admin';
  summary: string;
  auth: Auth;
  /** a named request body (a zod schema of shared/contract/); otherwise the route's describeRequest one, if any */
  body?: string;
  parameters?: Parameter[];
  responses: Record<string, Answer>;
}

const error = (description: string): Answer => ({ description, schema: 'Error' });
const ok = (description: string, schema?: string): Answer => ({ description, schema });

const SHOP_AUTH = {
  '401': error('no credential, or a wrong one (counts against the client IP, AUTH_FAILURES_PER_IP)'),
  '403': error("the credential's role may not do this (the owner's admin token, for one)"),
  '429': error('too many requests or failed credentials from this client IP; see Retry-After'),
};
const ADMIN_AUTH = {
  '401': error('no credential, a wrong one, or an ended session (counts against the client IP)'),
  '403': error("the caller's role lacks the permission this needs (named in the message), or a cross-site post"),
  '429': error('too many failed credentials from this client IP; see Retry-After'),
};
const BODY = {
  '400': error('a field is wrong: `fields` names each by its path'),
  '413': error('the body is too large'),
  '415': error('the body is not JSON'),
};
const QUERY = { '400': error('a query parameter is wrong: `fields` names it') };
const NOT_FOUND = (what: string) => ({ '404': error(`no such ${what}`) });
const RATE = { '429': error('too many requests from this client or for this session; see Retry-After') };

const IDEMPOTENCY_KEY = (required: boolean, description: string): Parameter => ({
  name: 'Idempotency-Key',
  in: 'header',
  required,
  description,
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
});

const SHOP: Operation[] = [
  {
    method: 'post',
    path: '/api/sessions',
    operationId: 'createSession',
    tag: 'Shop server',
    summary: 'Create a checkout session and its order; the amount is fixed here',
    auth: 'shop',
    body: 'CreateSessionBody',
    parameters: [
      IDEMPOTENCY_KEY(
        false,
        'e.g. your cart id: the same key and body answer the session the first request created (200 with ' +
          'Idempotent-Replayed: true); the same key with another body is 422 idempotency_key_reused',
      ),
    ],
    responses: {
      '201': ok('created', 'CreateSessionResponse'),
      '200': {
        ...ok('a repeat with the same Idempotency-Key and body: the session it created', 'CreateSessionResponse'),
        headers: { 'Idempotent-Replayed': { description: 'this answer is a replay', schema: { const: 'true' } } },
      },
      ...BODY,
      ...SHOP_AUTH,
      '409': error('without an Idempotency-Key: this order_no already has a session'),
      '422': error('this Idempotency-Key was used with another body'),
    },
  },
  {
    method: 'get',
    path: '/api/sessions/{id}',
    operationId: 'getSession',
    tag: 'Shop server',
    summary:
      'Where a session stands: with a shop credential its status and order (ShopSessionView); with the ' +
      "session's client secret (X-Client-Secret) what the widget shows (SessionView)",
    auth: 'shopOrClient',
    responses: {
      '200': { description: 'the session', anyOf: ['ShopSessionView', 'SessionView'] },
      ...QUERY,
      ...SHOP_AUTH,
      '401': error('neither a client secret nor a shop credential, or a wrong shop credential'),
      ...NOT_FOUND('session (or not with this client secret)'),
    },
  },
  {
    method: 'get',
    path: '/api/orders/{order_no}',
    operationId: 'getOrder',
    tag: 'Shop server',
    summary: "The order as the owner's admin API shows it",
    auth: 'shop',
    responses: { '200': ok('the order', 'ShopOrder'), ...SHOP_AUTH, ...NOT_FOUND('order') },
  },
  {
    method: 'get',
    path: '/api/events',
    operationId: 'listEvents',
    tag: 'Shop server',
    summary: 'The signed order events after an event id, oldest first (for a server that pulls)',
    auth: 'shop',
    responses: { '200': ok('a page of events', 'ShopEventPage'), ...QUERY, ...SHOP_AUTH },
  },
  {
    method: 'get',
    path: '/api/origin',
    operationId: 'checkOrigin',
    tag: 'Widget',
    summary: "Whether the calling page's Origin is in ALLOWED_ORIGINS (readable from any origin)",
    auth: 'none',
    responses: {
      '204': ok('allowed (or no Origin header)'),
      '403': error('origin_not_allowed: not in ALLOWED_ORIGINS'),
    },
  },
];

const WIDGET: Operation[] = [
  {
    method: 'post',
    path: '/api/sessions/{id}/payments',
    operationId: 'createPayment',
    tag: 'Widget',
    summary: 'Pay the session with a method it offers; the answer says where the shopper goes (card frame, APM page)',
    auth: 'client',
    body: 'CreatePaymentBody',
    parameters: [
      IDEMPOTENCY_KEY(true, 'one per payment attempt: a retry with the same key and body gets the same answer'),
    ],
    responses: {
      '200': ok(
        'the attempt started: show action.url in the frame, or send the shopper there',
        'CreatePaymentResponse',
      ),
      ...BODY,
      ...NOT_FOUND('session with this id and client_secret'),
      '409': error('session_completed: the order is paid or pending already'),
      '422': error('this Idempotency-Key was used with another body'),
      ...RATE,
      '502': error('the gateway refused the payment order'),
      '503': error('the gateway did not answer; the same Idempotency-Key may be retried'),
    },
  },
  {
    method: 'post',
    path: '/api/sessions/{id}/payments/{paymentId}/resume',
    operationId: 'resumePayment',
    tag: 'Widget',
    summary: "Reopen a pending attempt's card or APM page",
    auth: 'client',
    body: 'ClientSecretBody',
    responses: {
      '200': ok('where to send the shopper again', 'CreatePaymentResponse'),
      ...BODY,
      ...NOT_FOUND('session, or no such payment in it'),
      '409': error("not a card payment (an APM continues on its method's page), or no longer pending"),
      '410': error('session_expired: the page cannot be reopened after the expiry'),
      ...RATE,
    },
  },
  {
    method: 'post',
    path: '/api/sessions/{id}/payments/{paymentId}/abandon',
    operationId: 'abandonPayment',
    tag: 'Widget',
    summary: 'Leave a pending attempt for another method (it stays watched; a late payment of it is refunded)',
    auth: 'client',
    body: 'ClientSecretBody',
    responses: {
      '200': ok('the attempt as left', 'AbandonPaymentResponse'),
      ...BODY,
      ...NOT_FOUND('session, or no such payment in it'),
      '409': error('session_completed: the payment is paid or cancelled'),
      ...RATE,
    },
  },
  {
    method: 'delete',
    path: '/api/sessions/{id}/saved-cards/{cardId}',
    operationId: 'removeSavedCard',
    tag: 'Widget',
    summary: "Remove one of the shopper's saved cards",
    auth: 'client',
    responses: {
      '204': ok('removed'),
      '401': error('no session with this id and client secret'),
      ...NOT_FOUND('saved card for this shopper'),
      ...RATE,
    },
  },
];

/** One admin operation: the admin credential, its auth errors, and more. */
const admin = (
  method: Method,
  path: string,
  operationId: string,
  summary: string,
  responses: Record<string, Answer>,
  extra: Partial<Operation> = {},
): Operation => ({
  method,
  path: `/admin/api${path}`,
  operationId,
  tag: 'Admin',
  summary,
  auth: 'admin',
  ...extra,
  // a route for anyone (sign-in, welcome) has no credential to refuse
  responses: { ...(extra.auth === 'none' ? { '403': ADMIN_AUTH['403'] } : ADMIN_AUTH), ...responses },
});

const BULK = (action: string, what: string): Operation =>
  admin('post', `/orders/${action}`, `${action}Orders`, what, {
    '200': ok('one result per order, in the order sent (each ok, or its error)', 'BulkResults'),
    ...BODY,
    '422': error('this Idempotency-Key was used for another bulk request'),
  });

const ADMIN: Operation[] = [
  admin(
    'post',
    '/sign-in',
    'signIn',
    "A person's sign-in: sets the session cookie",
    {
      '200': ok('signed in (enrolment_required: two-factor sign-in must be set up first)', 'Me'),
      ...BODY,
      '401': error('unauthorized: not accepted; code_required: enter the code of the authenticator app'),
      '429': error('too many sign-in attempts from this address or for this account; see Retry-After'),
    },
    { auth: 'none' },
  ),
  admin(
    'post',
    '/welcome',
    'welcome',
    'Set a password with a one-time sign-in link',
    { '200': ok('the password is set', 'Welcomed'), ...BODY },
    { auth: 'none' },
  ),
  admin('post', '/sign-out', 'signOut', 'End this session', { '204': ok('signed out') }),
  admin('post', '/sign-out-everywhere', 'signOutEverywhere', 'End every session of the signed-in person', {
    '200': ok('how many sessions ended', 'SignedOutEverywhere'),
  }),
  admin('get', '/me', 'me', 'Who is calling, with their role and permissions', { '200': ok('the caller', 'Me') }),
  admin('post', '/me/totp', 'startTotp', 'Start enrolling an authenticator app', {
    '200': ok('the secret and its QR code', 'TotpEnrolment'),
    '409': error('two-factor sign-in is on already'),
  }),
  admin('post', '/me/totp/confirm', 'confirmTotp', 'Confirm the enrolment with a current code', {
    '200': ok('on, with recovery codes shown once', 'TotpConfirmed'),
    ...BODY,
    '409': error('no enrolment was started'),
  }),
  admin('post', '/me/password', 'changePassword', 'Change the signed-in person’s password', {
    '200': ok('changed (other sessions ended)', 'PasswordChanged'),
    ...BODY,
  }),
  BULK('capture', 'Capture authorised orders (all, or a given amount each)'),
  BULK('cancel', 'Cancel (void) authorised orders'),
  BULK('review', 'Approve or reject orders held for review'),
  BULK('refund', 'Refund orders (each row may carry its own Idempotency-Key)'),
  admin('post', '/orders/sync', 'syncOrders', "Query the gateway for orders' status (by order_nos or a date range)", {
    '200': ok('one result per order', 'BulkResults'),
    ...BODY,
  }),
  admin('get', '/orders', 'listOrders', 'Orders, newest first, filtered, by cursor pages', {
    '200': ok('a page', 'OrderPage'),
    ...QUERY,
  }),
  admin('get', '/orders/export', 'exportOrders', "Every order of the list's filter as one CSV file (orders.export)", {
    '200': {
      description:
        "the file: plain CSV, or with `locale` one for that locale's spreadsheet (separator, decimal mark, BOM); each export is an audit line",
      text: 'text/csv',
      headers: { 'X-Row-Count': { description: 'the orders in the file', schema: { type: 'integer' } } },
    },
    ...QUERY,
  }),
  admin('get', '/orders/{order_no}', 'getOrderDetail', 'An order with its history, attempts, refunds, disputes', {
    '200': ok('the order', 'OrderDetail'),
    ...NOT_FOUND('order'),
  }),
  admin('post', '/orders/{order_no}/refunds/{seq}/retry', 'retryRefund', 'Send a failed refund again', {
    '200': ok('what became of it', 'BulkResult'),
    '400': error('seq is not a refund number'),
    ...NOT_FOUND('order or refund'),
    '409': error('the refund did not fail (it succeeded, may still succeed, or was retried already)'),
  }),
  admin(
    'post',
    '/orders/{order_no}/alerts/{alert_id}/refund',
    'refundExtraPayment',
    'Refund the extra payment of a double-payment alert',
    {
      '200': ok('the alert with its refund', 'ExtraPaymentRefund'),
      ...NOT_FOUND('order or alert'),
      '409': error('the alert is not a double payment, or its extra payment is not paid'),
      '502': error('the gateway refused the refund'),
    },
  ),
  admin('get', '/disputes', 'listDisputes', 'Disputes (chargebacks), newest first, by cursor pages', {
    '200': ok('a page', 'DisputePage'),
    ...QUERY,
  }),
  admin('get', '/disputes/summary', 'disputeSummary', 'Open disputes, losses and the dispute rate', {
    '200': ok('the figures', 'DisputeSummary'),
  }),
  admin('get', '/disputes/{dispute_id}', 'getDispute', 'A dispute and its order', {
    '200': ok('the dispute', 'DisputeDetail'),
    ...NOT_FOUND('dispute'),
  }),
  admin(
    'post',
    '/payouts',
    'createPayout',
    'Send a payout (to a saved recipient by recipient_id, or with the beneficiary in the body)',
    {
      '201': ok('sent: the payout as the gateway answered', 'AdminPayout'),
      '200': ok('a repeat of the Idempotency-Key: the payout it sent', 'AdminPayout'),
      ...BODY,
      '409': error('this payout is being changed by another request'),
      '422': error('this Idempotency-Key was used with another body'),
    },
    { parameters: [IDEMPOTENCY_KEY(true, 'the same key returns the same payout')] },
  ),
  admin(
    'post',
    '/payouts/review',
    'reviewPayout',
    'What a payout would send, checked as sending checks it but not sent: amount, recipient, estimated fee, total',
    { '200': ok('the review', 'PayoutReview'), ...BODY },
  ),
  admin('get', '/payouts', 'listPayouts', 'Payouts, newest first, by cursor pages', {
    '200': ok('a page', 'PayoutPage'),
    ...QUERY,
  }),
  admin('get', '/payouts/{id}', 'getPayout', 'A payout', {
    '200': ok('the payout', 'AdminPayout'),
    ...NOT_FOUND('payout'),
  }),
  admin('get', '/recipients', 'listRecipients', 'Saved payout recipients', {
    '200': ok('the recipients', 'RecipientList'),
    ...QUERY,
  }),
  admin('get', '/recipients/{id}', 'getRecipient', 'A saved recipient', {
    '200': ok('the recipient', 'RecipientView'),
    ...NOT_FOUND('recipient'),
  }),
  admin(
    'post',
    '/recipients',
    'createRecipient',
    'Save a payout recipient',
    { '201': ok('saved', 'RecipientView'), ...BODY },
    { body: 'RecipientBody' },
  ),
  admin(
    'put',
    '/recipients/{id}',
    'updateRecipient',
    'Replace a saved recipient',
    { '200': ok('saved', 'RecipientView'), ...BODY, ...NOT_FOUND('recipient'), '409': error('it is archived') },
    { body: 'RecipientBody' },
  ),
  admin('post', '/recipients/{id}/archive', 'archiveRecipient', 'Archive a recipient (kept for the payouts to it)', {
    '200': ok('archived', 'RecipientView'),
    ...NOT_FOUND('recipient'),
  }),
  admin('get', '/payment-methods', 'listPaymentMethods', 'The payment methods, in the order shoppers see them', {
    '200': ok('every method', 'AdminPaymentMethods'),
  }),
  admin('put', '/payment-methods', 'replacePaymentMethods', 'Replace the payment methods', {
    '200': ok('every method as saved', 'AdminPaymentMethods'),
    ...BODY,
  }),
  admin('get', '/events', 'listAuditEvents', 'The audit log, newest first, by cursor pages', {
    '200': ok('a page', 'AuditPage'),
    ...QUERY,
  }),
  admin('get', '/stats', 'orderStats', 'Orders per UTC day, status and currency', {
    '200': ok('the days', 'OrderStats'),
    ...QUERY,
  }),
  admin('post', '/keys', 'createApiKey', 'Create an API key (shown once)', {
    '201': ok('the key', 'CreatedApiKey'),
    ...BODY,
  }),
  admin('get', '/keys', 'listApiKeys', 'The API keys (never their secret)', { '200': ok('the keys', 'ApiKeyList') }),
  admin('delete', '/keys/{id}', 'revokeApiKey', 'Revoke an API key', {
    '200': ok('the key, revoked', 'ApiKeyView'),
    ...NOT_FOUND('API key'),
  }),
  admin('get', '/refunds', 'listFailedRefunds', 'Refunds that failed at the gateway', {
    '200': ok('the refunds', 'FailedRefundList'),
    ...QUERY,
  }),
  admin('get', '/settings/support-refund-limit', 'getSupportRefundLimits', "The support role's refund limits", {
    '200': ok('the limits', 'SupportRefundLimits'),
  }),
  admin('put', '/settings/support-refund-limit', 'setSupportRefundLimits', "Set the support role's refund limits", {
    '200': ok('the limits as saved', 'SupportRefundLimits'),
    ...BODY,
  }),
  admin('get', '/settings/double-payment-refund', 'getDoublePaymentRefund', 'Whether a double payment is refunded', {
    '200': ok('the setting', 'DoublePaymentRefundSetting'),
  }),
  admin('put', '/settings/double-payment-refund', 'setDoublePaymentRefund', 'Refund double payments automatically', {
    '200': ok('the setting as saved', 'DoublePaymentRefundSetting'),
    ...BODY,
  }),
  admin('get', '/shop-endpoints', 'listShopEndpoints', "The shop's event endpoints", {
    '200': ok('the endpoints', 'ShopEndpointList'),
  }),
  admin('post', '/shop-endpoints', 'createShopEndpoint', 'Register an endpoint for signed events', {
    '201': ok('the endpoint and its signing secret (shown once)', 'ShopEndpointWithSecret'),
    ...BODY,
  }),
  admin('get', '/shop-endpoints/deliveries', 'listShopDeliveries', 'The delivery log of events to endpoints', {
    '200': ok('the deliveries', 'ShopDeliveryList'),
    ...QUERY,
  }),
  admin('post', '/shop-endpoints/deliveries/{id}/resend', 'resendShopDelivery', 'Send a delivery again', {
    '202': ok('queued', 'DeliveryResent'),
    ...NOT_FOUND('delivery'),
  }),
  admin('get', '/shop-endpoints/{id}', 'getShopEndpoint', 'An endpoint', {
    '200': ok('the endpoint', 'ShopEndpointView'),
    ...NOT_FOUND('endpoint'),
  }),
  admin('patch', '/shop-endpoints/{id}', 'updateShopEndpoint', "Change an endpoint's URL, types, state", {
    '200': ok('the endpoint', 'ShopEndpointView'),
    ...BODY,
    ...NOT_FOUND('endpoint'),
  }),
  admin('delete', '/shop-endpoints/{id}', 'deleteShopEndpoint', 'Delete an endpoint', {
    '204': ok('deleted'),
    ...NOT_FOUND('endpoint'),
  }),
  admin('post', '/shop-endpoints/{id}/roll-secret', 'rollShopEndpointSecret', 'A new signing secret', {
    '200': ok('the endpoint and its new secret (the old one overlaps for a while)', 'ShopEndpointWithSecret'),
    ...BODY,
    ...NOT_FOUND('endpoint'),
  }),
  admin('post', '/shop-endpoints/{id}/test', 'sendTestEvent', 'Send an endpoint.test event to the endpoint', {
    '202': ok('queued', 'TestEventSent'),
    ...NOT_FOUND('endpoint'),
  }),
  admin('get', '/users', 'listUsers', 'The team', { '200': ok('the people', 'TeamList') }),
  admin('post', '/users', 'addUser', 'Add a person (with a one-time sign-in link)', {
    '201': ok('the person and the link', 'TeamMemberWithLink'),
    ...BODY,
    '409': error('someone has this e-mail already'),
  }),
  admin('patch', '/users/{id}', 'changeUser', "Change a person's role, or disable them", {
    '200': ok('the person', 'TeamMemberChanged'),
    ...BODY,
    ...NOT_FOUND('user'),
    '409': error('this is the last owner'),
  }),
  admin('post', '/users/{id}/reset-password', 'resetPassword', 'Clear the password and issue a sign-in link', {
    '200': ok('the person and the link', 'TeamMemberWithLink'),
    ...NOT_FOUND('user'),
  }),
  admin('post', '/users/{id}/reset-2fa', 'resetTwoFactor', 'Turn two-factor sign-in off for a person', {
    '200': ok('the person', 'TeamMemberChanged'),
    ...NOT_FOUND('user'),
  }),
  admin('post', '/users/{id}/unlock', 'unlockUser', 'Lift the sign-in lock of a person', {
    '200': ok('the person', 'TeamMemberChanged'),
    ...NOT_FOUND('user'),
  }),
];

/** Every operation of the document, by path and method. */
export const API_OPERATIONS: readonly Operation[] = [...SHOP, ...WIDGET, ...ADMIN];
