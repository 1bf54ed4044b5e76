import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';

/** The e-mail address of the sign-in, registration and reset-link forms. */
export function EmailField({ error }: { error: string | undefined }) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={error} />;
}

interface PasswordFieldProps {
  /** 'current' signs in; 'new' chooses one (registration, reset), with the rule as its hint. */
  purpose: 'current' | 'new';
  label?: string;
  error: string | undefined;
  disabled?: boolean;
}

/** The password of the auth forms, named so that password managers fill or save it. */
export function PasswordField({ purpose, label = 'Password', error, disabled }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      placeholder={purpose === 'new' ? 'Minimum 8 characters' : undefined}
      error={error}
      disabled={disabled}
    />
  );
}

interface SubmitButtonProps {
  pending: boolean;
  /** What the button says, and what it says while the request runs. */
  label: string;
  pendingLabel: string;
  disabled?: boolean;
  className?: string;
}

/** An auth form's one action, disabled while its request runs. */
export function SubmitButton({ pending, label, pendingLabel, disabled = false, className }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" fullWidth disabled={disabled || pending} className={className}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
