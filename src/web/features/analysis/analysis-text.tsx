import clsx from 'clsx';
import { analysisBlocks } from './analysis-blocks.ts';
import { inlineSegments } from './inline-links.ts';

/** One line of text, where only http(s) addresses become links (opened in a new tab). */
function InlineText({ text }: { text: string }) {
  return inlineSegments(text).map((segment, index) =>
    segment.kind === 'link' ? (
      <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-accent underline-offset-4 hover:underline">
        {segment.text}
      </a>
    ) : (
      segment.text
    ),
  );
}

/**
 * Section text as Kai writes it: paragraphs, and lines starting with "- " as a list. Rendered as
 * text nodes and vetted links only, so nothing in it can become markup.
 */
export function AnalysisText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={clsx('flex flex-col gap-3 text-sm leading-relaxed break-words text-fg', className)}>
      {analysisBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index} className="flex list-disc flex-col gap-1.5 pl-5 marker:text-accent">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineText text={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <InlineText text={block.text} />
          </p>
        ),
      )}
    </div>
  );
}
