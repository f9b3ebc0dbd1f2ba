const REASON: Record<number, string> = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' };

/**
 * The `status` fault: a 5xx as the gateway's load balancer sends it, an HTML page rather than the gateway's
 * own JSON or XML, because that is what a client meets when the gateway itself is down.
 */
export function proxyErrorResponse(status: 500 | 502 | 503): Response {
  const title = `${status} ${REASON[status]}`;
  return new Response(
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n</body>\r\n</html>\r\n`,
    {
      status,
      headers: { 'Content-Type': 'text/html' },
    },
  );
}
