import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { API_TOKEN_REQUESTS_PER_MINUTE, type ApiTokenSummary } from '../../../shared/api/api-tokens.ts';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextLink } from '../../ui/text-link.tsx';
import { SimplePage } from '../shell/index.ts';
import { useApiTokens } from './api/api-tokens.ts';
import { RevokeTokenDialog } from './revoke-token-dialog.tsx';

const CreateTokenDialog = lazyDialog(() => import('./create-token-dialog.tsx').then((module) => module.CreateTokenDialog));

/** /settings/api: the athlete's personal access tokens (issue 31, ADR 0074): make, list, revoke. */
export function ApiAccessScreen({ user }: { user: AuthUser }) {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);
  const atLimit = tokens.data !== undefined && tokens.data.tokens.length >= tokens.data.limit;

  return (
    <SimplePage
      user={user}
      title="API access"
      intro="Personal access tokens let your own scripts, spreadsheets and tools read and write your Kairo data."
      actions={
          <Button
            variant="primary"
            onClick={() => setCreating(true)}
            onPointerEnter={CreateTokenDialog.preload}
            onFocus={CreateTokenDialog.preload}
            disabled={atLimit}
          >
            <Plus aria-hidden className="size-4" />
            New token
          </Button>
      }
    >
        {atLimit && (
          <p className="text-sm text-fg-muted">
            You have {tokens.data?.limit} tokens, the most an account can hold: revoke one to make another.
          </p>
        )}

        <section aria-labelledby="api-tokens-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
          <h2 id="api-tokens-heading" className="text-lg font-semibold text-fg">
            Your tokens
          </h2>
          {tokens.isPending ? (
            <div aria-label="Loading your tokens" className="mt-4 flex flex-col gap-3">
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
          ) : tokens.isError ? (
            <Alert tone="error" className="mt-4" action={{ label: 'Retry', onClick: () => void tokens.refetch() }}>
              <p>Your tokens could not be loaded.</p>
            </Alert>
          ) : tokens.data.tokens.length === 0 ? (
            <p className="mt-3 text-sm text-fg-muted">No tokens yet. Make one to call the API from a script.</p>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {tokens.data.tokens.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </ul>
          )}
        </section>

        <UsageNote />
        <CreateTokenDialog open={creating} onOpenChange={setCreating} />
        <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </SimplePage>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenSummary; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <KeyRound aria-hidden className="size-4 shrink-0 text-fg-subtle" />
          <span className="font-semibold break-words text-fg">{token.name}</span>
          {token.expired && <Badge variant="destructive">Expired</Badge>}
        </p>
        <p className="font-mono text-xs text-fg-subtle">{token.hint}…</p>
        <ul aria-label="Scopes" className="flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary" className="font-mono">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-fg-subtle">Created</dt>
          <dd className="text-fg-muted">{formatDate(token.createdAt)}</dd>
          <dt className="text-fg-subtle">Last used</dt>
          <dd className="text-fg-muted">{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</dd>
          <dt className="text-fg-subtle">{token.expired ? 'Expired' : 'Expires'}</dt>
          <dd className="text-fg-muted">{token.expiresAt ? formatDate(token.expiresAt) : 'Never'}</dd>
        </dl>
      </div>
      <Button variant="secondary" size="sm" onClick={onRevoke} aria-label={`Revoke ${token.name}`} className="self-start">
        Revoke
      </Button>
    </li>
  );
}

function UsageNote() {
  const origin = window.location.origin;
  return (
    <section aria-labelledby="api-usage-heading" className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5 text-sm text-fg-muted sm:p-6">
      <h2 id="api-usage-heading" className="text-lg font-semibold text-fg">
        Calling the API
      </h2>
      <p>Send the token in the Authorization header:</p>
      <pre className="rounded-lg bg-canvas p-3 font-mono text-xs break-all whitespace-pre-wrap text-fg">
        <code>{`curl -H "Authorization: Bearer kairo_pat_…" ${origin}/api/activities`}</code>
      </pre>
      <p>
        Every operation and the scope it needs are in the <TextLink href="/settings/api/reference">API reference</TextLink>, where you can
        try a call with a token, and in the{' '}
        <a href="/api/openapi.json" className="font-medium text-accent underline-offset-4 hover:underline">
          OpenAPI document
        </a>
        . A token never signs in to the app, manages tokens or changes your password, e-mail, settings or Strava connection. Each token may make{' '}
        {API_TOKEN_REQUESTS_PER_MINUTE} requests a minute.
      </p>
    </section>
  );
}
