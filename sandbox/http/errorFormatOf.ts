import type { ErrorFormat } from './renderGatewayError';

/**
 * Which error rendering a path gets (docs/protocol-decisions.md 2): the hosted pages and checkout speak HTML, authorise
 * XML.
 */
export function errorFormatOf(path: string): ErrorFormat {
  if (path.startsWith('/v1/authorise')) return 'xml';
  if (path.startsWith('/v1/checkout') || path.startsWith('/hosted/') || path.startsWith('/issuer/')) return 'html';
  return 'json';
}
