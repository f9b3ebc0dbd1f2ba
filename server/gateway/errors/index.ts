export { GatewayError } from './GatewayError';
export { GatewayRejectedError } from './GatewayRejectedError';
export { GatewayTimeoutError } from './GatewayTimeoutError';
export { GatewayUnavailableError } from './GatewayUnavailableError';
export { GatewayProtocolError } from './GatewayProtocolError';
export { GatewayRequestError } from './GatewayRequestError';
