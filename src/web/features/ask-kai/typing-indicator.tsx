/** Kai is writing: three dots that pulse in turn (still, for those who ask for less motion). */
export function TypingIndicator() {
  return (
    <div role="status" className="flex items-center gap-3">
      <KaiAvatar />
      <span className="flex items-center gap-1 rounded-2xl rounded-tl-sm border border-line bg-surface px-4 py-3">
        {[0, 150, 300].map((delay) => (
          <span key={delay} aria-hidden style={{ animationDelay: `${delay}ms` }} className="size-1.5 rounded-full bg-fg-muted motion-safe:animate-pulse" />
        ))}
        <span className="sr-only">Kai is writing…</span>
      </span>
    </div>
  );
}

/** Kai's mark beside each of his answers; a phone gives its width to the answer instead. */
export function KaiAvatar() {
  return (
    <span aria-hidden className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-accent/15 text-xs font-bold text-accent sm:flex">
      K
    </span>
  );
}
