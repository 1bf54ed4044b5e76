/** The id of the element a skip link jumps to: the screen's main content. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content' (WCAG 2.4.1): the first Tab stop on the page, visible only once focused.
 * It moves focus itself rather than following the #hash, so the URL stays the activity's own.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
