/** Separates the Google option from the e-mail form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-medium tracking-wider text-fg-subtle uppercase">
      <span aria-hidden className="h-px flex-1 bg-line" />
      or with email
      <span aria-hidden className="h-px flex-1 bg-line" />
    </div>
  );
}
