/**
 * A small HTTP client for integration tests with a cookie jar, so a test can act as one browser.
 * Sends an Origin header like a browser would unless told otherwise.
 */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body as sent, for binary answers (a .zip) that text would garble. */
  bytes: Buffer;
}

export function createClient(baseUrl: string, options: { origin?: string | null } = {}) {
  const jar = new Map<string, string>();
  const origin = options.origin === undefined ? baseUrl : options.origin;

  async function request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; rawBody?: string | Buffer; form?: FormData } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (origin && method !== 'GET') headers.origin ??= origin;
    let payload: string | Buffer | FormData | undefined = init.form ?? init.rawBody;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    if (init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(new URL(path, baseUrl), { method, headers, body: payload as BodyInit | undefined, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text, bytes };
  }

  return {
    baseUrl,
    jar,
    request,
    get: <T = any>(path: string, init?: { headers?: Record<string, string> }) => request<T>('GET', path, undefined, init),
    post: <T = any>(path: string, body?: unknown, init?: { headers?: Record<string, string>; rawBody?: string | Buffer }) =>
      request<T>('POST', path, body, init),
    /** A multipart upload of one file in the field `file`, as a browser form would send it. */
    upload: <T = any>(path: string, fileName: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
      return request<T>('POST', path, undefined, { form });
    },
    put: <T = any>(path: string, body?: unknown) => request<T>('PUT', path, body),
    patch: <T = any>(path: string, body?: unknown) => request<T>('PATCH', path, body),
    delete: <T = any>(path: string) => request<T>('DELETE', path),
  };
}

export type TestClient = ReturnType<typeof createClient>;
