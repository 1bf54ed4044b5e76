/** A label and its text inside a <dl>. */
export function PlanTerm({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <dt className="font-semibold text-fg-muted">{label}</dt>
      <dd className="text-fg-muted">{text}</dd>
    </div>
  );
}
