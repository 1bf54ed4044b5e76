/** The parts of Swagger UI's request object that Kairo's interceptor reads and sets. */
export interface SwaggerRequest {
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  /** Set by Swagger UI on the request that fetches the OpenAPI document itself. */
  loadSpec?: boolean;
}

/**
 * Makes a call tried on the reference page what a script's call would be: the pasted token in the
 * Authorization header and no cookie, so the answer shows what the token may do (a session-only
 * route answers 403), not what the signed-in browser may. The document itself is fetched without a
 * token: it needs none, and a mistyped token must not stop the page from loading.
 */
export function withToken(request: SwaggerRequest, token: string): SwaggerRequest {
  if (request.loadSpec) return request;
  request.credentials = 'omit';
  const trimmed = token.trim();
  if (trimmed) request.headers = { ...request.headers, Authorization: `Bearer ${trimmed}` };
  return request;
}
