import { Check, Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  API_TOKEN_NAME_MAX_CHARS,
  apiTokenScopeDescriptions,
  apiTokenScopes,
  type ApiTokenScope,
  type CreatedApiToken,
} from '../../../shared/api/api-tokens.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useCreateApiToken } from './api/api-tokens.ts';
import { expiresAtFor, expiryChoices, type ExpiryChoice } from './expiry-choices.ts';

/**
 * 'New token': a name, the scopes and an expiry; once made, the token itself, shown this once with
 * a copy button. Closing the dialog forgets it.
 */
export function CreateTokenDialog({ open, onOpenChange }: DialogOpenState) {
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  function close(next: boolean) {
    if (create.isPending) return;
    if (!next) {
      setCreated(null);
      create.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      wide
      title={created ? 'Your new token' : 'New API token'}
      description={
        created
          ? 'Copy it now and keep it somewhere safe: Kairo keeps only a fingerprint of it and cannot show it again.'
          : 'A token lets your own scripts and tools call the Kairo API as you, within the scopes you give it.'
      }
    >
      {created ? (
        <TokenShownOnce created={created} onDone={() => close(false)} />
      ) : (
        <CreateTokenForm
          pending={create.isPending}
          serverError={create.isError ? userFacingMessage(create.error, 'The token could not be made. Please try again.') : undefined}
          onCancel={() => close(false)}
          onCreate={(body) => create.mutate(body, { onSuccess: setCreated })}
        />
      )}
    </Dialog>
  );
}

interface CreateTokenFormProps {
  pending: boolean;
  serverError: string | undefined;
  onCancel: () => void;
  onCreate: (body: { name: string; scopes: ApiTokenScope[]; expiresAt: string | null }) => void;
}

function CreateTokenForm({ pending, serverError, onCancel, onCreate }: CreateTokenFormProps) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [nameError, setNameError] = useState<string | undefined>();
  const [scopeError, setScopeError] = useState<string | undefined>();
  const scopeErrorId = useId();
  const expiryId = useId();

  function toggle(scope: ApiTokenScope, on: boolean) {
    setScopes((current) => apiTokenScopes.filter((entry) => (entry === scope ? on : current.includes(entry))));
    setScopeError(undefined);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const trimmed = name.trim();
    const missingName = trimmed === '' ? 'Give the token a name' : undefined;
    const missingScope = scopes.length === 0 ? 'Choose at least one scope' : undefined;
    setNameError(missingName);
    setScopeError(missingScope);
    if (missingName || missingScope) return;
    onCreate({ name: trimmed, scopes, expiresAt: expiresAtFor(expiry, new Date()) });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5">
      <TextField
        label="Name"
        value={name}
        maxLength={API_TOKEN_NAME_MAX_CHARS}
        placeholder="Training spreadsheet"
        autoComplete="off"
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
      <fieldset aria-describedby={scopeError ? scopeErrorId : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">Scopes</legend>
        {apiTokenScopes.map((scope) => (
          <label key={scope} className="flex cursor-pointer items-start gap-3 rounded-lg border border-line px-3.5 py-3 hover:border-line-strong">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
            />
            <span className="flex min-w-0 flex-col">
              <span className="font-mono text-sm text-fg">{scope}</span>
              <span className="text-sm text-fg-muted">{apiTokenScopeDescriptions[scope]}</span>
            </span>
          </label>
        ))}
        {scopeError && (
          <p id={scopeErrorId} className="text-sm text-danger">
            {scopeError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={expiryId} className="text-sm font-medium text-fg">
          Expires
        </label>
        <select
          id={expiryId}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
          className="h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 text-base text-fg sm:text-sm"
        >
          {expiryChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {serverError && (
        <Alert tone="error">
          <p>{serverError}</p>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" aria-busy={pending || undefined}>
          {pending ? 'Creating…' : 'Create token'}
        </Button>
      </div>
    </form>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function TokenShownOnce({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const fieldId = useId();

  async function copyToken() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium text-fg">
          {created.summary.name}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          {/* Two lines on a phone, so the whole token shows; selected as a whole when focused. */}
          <textarea
            id={fieldId}
            readOnly
            rows={2}
            value={created.token}
            data-testid="new-api-token"
            onFocus={(event) => event.target.select()}
            className="min-w-0 resize-none rounded-lg border border-line-strong bg-canvas px-3.5 py-2.5 font-mono text-sm break-all text-fg sm:flex-1"
          />
          <Button variant="primary" onClick={() => void copyToken()}>
            {copy === 'copied' ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="min-h-5 text-sm text-fg-muted">
          {copy === 'copied' && 'Copied to the clipboard.'}
          {copy === 'failed' && 'This browser would not copy it: select the token and copy it yourself.'}
        </p>
      </div>
      <Alert tone="success">
        <p>
          Send it as <code className="font-mono">Authorization: Bearer …</code> with each request. It works until it
          {created.summary.expiresAt ? ' expires or you revoke it.' : ' is revoked.'}
        </p>
      </Alert>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
