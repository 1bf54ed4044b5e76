/** Questions Kai can answer, as buttons that ask them. */
export function SuggestedQuestions({ label, questions, onAsk, disabled = false }: { label: string; questions: readonly string[]; onAsk: (question: string) => void; disabled?: boolean }) {
  if (questions.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {questions.map((question) => (
        <li key={question} className="max-w-full">
          <button
            type="button"
            disabled={disabled}
            onClick={() => onAsk(question)}
            className="max-w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-left text-sm text-fg transition-colors hover:border-accent/60 hover:bg-surface-raised disabled:opacity-50"
          >
            {question}
          </button>
        </li>
      ))}
    </ul>
  );
}
