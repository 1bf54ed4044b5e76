import { ALL_SECTIONS } from './profile-sections.ts';

/** The sidebar's table of contents. */
export function ProfileContents() {
  return (
    <nav aria-label="Table of contents">
      <h2 className="mb-2 text-xs font-semibold tracking-wider text-fg-subtle uppercase">Contents</h2>
      <ul className="flex flex-col gap-1">
        {ALL_SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="block rounded-md px-2 py-1.5 text-sm text-fg-muted hover:bg-surface-raised hover:text-fg">
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
