import type { AuthorizationRequest } from './authorization-request.ts';

/**
 * The provider's only screens: the sign-in form and the refusal shown when a request cannot be
 * sent back to its client. Plain HTML with a style element and no script, so they work under a
 * strict Content-Security-Policy. Every interpolated value is escaped.
 */
export interface IdentityFields {
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
}

const SIGN_IN_HEADING = 'Kairo development sign-in — no Google account is used';

export function renderSignInPage(options: {
  /** Path the form posts to. */
  action: string;
  request: AuthorizationRequest;
  identity: IdentityFields;
  error?: string;
}): string {
  const { request, identity } = options;
  const carried: Record<string, string> = {
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scopes.join(' '),
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  const hidden = Object.entries(carried)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  return page(`
    <h1>${SIGN_IN_HEADING}</h1>
    <p>This local provider stands in for Google. It signs you in to <strong>${escapeHtml(new URL(request.redirectUri).host)}</strong> as whoever you enter below.</p>
    ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
    <form method="post" action="${escapeHtml(options.action)}">
      ${hidden}
      <label>E-mail
        <input type="email" name="email" value="${escapeHtml(identity.email)}" required maxlength="254" autocomplete="email" autofocus>
      </label>
      <label>First name
        <input type="text" name="given_name" value="${escapeHtml(identity.givenName)}" maxlength="100" autocomplete="given-name">
      </label>
      <label>Last name
        <input type="text" name="family_name" value="${escapeHtml(identity.familyName)}" maxlength="100" autocomplete="family-name">
      </label>
      <label class="check">
        <input type="checkbox" name="email_verified" value="true"${identity.emailVerified ? ' checked' : ''}>
        The e-mail address is verified
      </label>
      <button type="submit">Continue</button>
    </form>`);
}

export function renderRefusalPage(description: string): string {
  return page(`
    <h1>Sign-in request refused</h1>
    <p class="error" role="alert">${escapeHtml(description)}</p>
    <p>The application that sent you here is not set up correctly for this provider.</p>`);
}

function page(main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Kairo development sign-in</title>
  <style>
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f4f5; color: #18181b; font: 16px/1.5 system-ui, sans-serif; }
    main { width: min(26rem, calc(100vw - 2rem)); box-sizing: border-box; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
    h1 { margin: 0 0 0.5rem; font-size: 1.25rem; }
    p { margin: 0 0 1.25rem; color: #52525b; font-size: 0.875rem; }
    label { display: block; margin-bottom: 1rem; font-size: 0.875rem; font-weight: 500; }
    input[type="email"], input[type="text"] { display: block; width: 100%; box-sizing: border-box; margin-top: 0.25rem; padding: 0.5rem 0.75rem; border: 1px solid #d4d4d8; border-radius: 6px; font: inherit; }
    label.check { display: flex; gap: 0.5rem; align-items: center; font-weight: 400; }
    button { width: 100%; padding: 0.625rem; border: 0; border-radius: 6px; background: #18181b; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
    .error { color: #b91c1c; }
  </style>
</head>
<body>
  <main>${main}
  </main>
</body>
</html>
`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
