import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  HttpError,
  isUnauthorizedError,
  throwIfNotOk,
  userFacingMessage,
} from '../../src/web/lib/api-request.ts';

/** A response whose body fails while being read, like a connection dropped mid-answer. */
function unreadableResponse(status: number, statusText: string): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.error(new Error('connection reset'));
    },
  });
  return new Response(body, { status, statusText });
}

async function errorOf(response: Response): Promise<HttpError> {
  const error = await throwIfNotOk(response).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('web fetch wrapper: spec §8 error messages', () => {
  it('lets an OK response through', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('reads "status: response text" from a failed response', async () => {
    const error = await errorOf(new Response('{"message":"Authentication required"}', { status: 401, statusText: 'Unauthorized' }));
    expect(error.message).toBe('401: {"message":"Authentication required"}');
    expect(error.status).toBe(401);
    expect(error.body).toBe('{"message":"Authentication required"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = await errorOf(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    expect(error.message).toBe('500: Internal Server Error');
  });

  it('says "HTTP status: status text" when the body cannot be read', async () => {
    const error = await errorOf(unreadableResponse(502, 'Bad Gateway'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.body).toBe('');
  });
});

describe('web fetch wrapper: requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFetch(response = new Response('{}', { status: 200 })) {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends cookies and no body or content type when there is no payload', async () => {
    const fetchMock = stubFetch();
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      credentials: 'include',
      headers: undefined,
      body: undefined,
      signal: undefined,
    });
  });

  it('sends a JSON body with its content type when there is a payload', async () => {
    const fetchMock = stubFetch();
    await apiRequest('POST', '/api/auth/login', { email: 'ada@example.test', password: 'secret' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ 'content-type': 'application/json' });
    expect(init?.body).toBe('{"email":"ada@example.test","password":"secret"}');
  });

  it('leaves cookies out when asked (page-view tracking)', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/track/page-view', { path: '/' }, { credentials: 'omit' });
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit');
  });

  it('throws the spec §8 error for a non-OK answer', async () => {
    stubFetch(new Response('{"message":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: {"message":"Invalid email or password"}');
  });
});

describe('isUnauthorizedError', () => {
  it.each([
    ['401: {"message":"Authentication required"}', true],
    ['HTTP 401: Unauthorized', true],
    ['403: Authentication required', true],
    ['403: {"message":"Cross-site request refused"}', false],
    ['500: Internal Server Error', false],
  ])('%s -> %s', (message, expected) => {
    expect(isUnauthorizedError(new Error(message))).toBe(expected);
  });

  it('is false for anything that is not an Error', () => {
    expect(isUnauthorizedError('401')).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('userFacingMessage', () => {
  const httpError = (body: string) => new HttpError(400, body, `400: ${body}`);

  it("shows the server's message", () => {
    expect(userFacingMessage(httpError('{"message":"Invalid email or password"}'), 'Login failed')).toBe('Invalid email or password');
  });

  it.each([
    ['an empty body', ''],
    ['a body that is not JSON', '<html>Bad gateway</html>'],
    ['JSON without a message', '{"error":"nope"}'],
    ['a blank message', '{"message":"  "}'],
  ])('falls back for %s', (_case, body) => {
    expect(userFacingMessage(httpError(body), 'Registration failed')).toBe('Registration failed');
  });

  it('falls back for errors that are not HTTP answers (network failures)', () => {
    expect(userFacingMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });
});
