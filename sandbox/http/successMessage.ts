/**
 * `return_message` of a call that succeeded as a whole (docs/gateway-evidence.md 3 and 5; docs/protocol-decisions.md
 * 4). Kept here until the shared gateway tables carry it.
 */
export const RETURN_MESSAGE_OK = 'OK';
