import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { API_TOKEN_PREFIX } from '../../../shared/api/api-tokens.ts';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { TextField } from '../../ui/text-field.tsx';
import { TextLink } from '../../ui/text-link.tsx';
import { SimplePage } from '../shell/index.ts';
import './api-reference.css';
import { withToken, type SwaggerRequest } from './token-request-interceptor.ts';

/**
 * /settings/api/reference: every operation in /api/openapi.json with the scope it needs, rendered
 * by Swagger UI from Kairo's own bundle (ADR 0079: no CDN, no fonts fetched, nothing sent but the
 * calls the athlete tries). The athlete pastes a token and tries a call as a script would make it.
 * The token lives in this screen's memory only: not stored, gone when the page is left.
 */
export function ApiReferenceScreen({ user }: { user: AuthUser }) {
  const [token, setToken] = useState('');
  // Swagger UI keeps the interceptor it was first given, so it reads the current token through a ref.
  const tokenRef = useRef('');
  const [requestInterceptor] = useState(() => (request: SwaggerRequest) => withToken(request, tokenRef.current));
  useSwaggerDarkMode();

  const trimmed = token.trim();
  const error = trimmed && !trimmed.startsWith(API_TOKEN_PREFIX) ? `A Kairo token starts with ${API_TOKEN_PREFIX}` : undefined;

  return (
    <SimplePage
      user={user}
      title="API reference"
      intro="Every operation Kairo answers and the token scope it needs. Paste a token to try a call from this page."
    >
      <section aria-labelledby="api-reference-token-heading" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:p-6">
        <h2 id="api-reference-token-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <KeyRound aria-hidden className="size-4 text-fg-subtle" />
          Try it with a token
        </h2>
        <TextField
          label="API token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={`${API_TOKEN_PREFIX}…`}
          value={token}
          error={error}
          onChange={(event) => {
            tokenRef.current = event.target.value;
            setToken(event.target.value);
          }}
        />
        <p className="text-sm text-fg-muted">
          Calls from this page send only this token, without your browser session, so each answer is what a script with the token gets. The
          token stays in this tab and is forgotten when you leave. Make or revoke tokens under <TextLink href="/settings/api">API access</TextLink>.
        </p>
      </section>

      <section aria-label="Operations" className="kairo-api-reference min-w-0 rounded-2xl border border-line bg-surface py-2">
        <SwaggerUI
          url="/api/openapi.json"
          requestInterceptor={requestInterceptor}
          tryItOutEnabled
          displayRequestDuration
          defaultModelsExpandDepth={-1}
          persistAuthorization={false}
        />
      </section>
    </SimplePage>
  );
}

/** Swagger UI's own dark theme hangs on a class on <html>; Kairo is dark, so it is on while the page shows. */
function useSwaggerDarkMode() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('dark-mode');
    return () => root.classList.remove('dark-mode');
  }, []);
}
