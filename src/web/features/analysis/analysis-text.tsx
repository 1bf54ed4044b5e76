import clsx from 'clsx';
import { analysisBlocks } from './analysis-blocks.ts';

/**
 * Section text as Kai writes it: paragraphs, and lines starting with "- " as a list. Rendered as
 * text nodes only, so nothing in it can become markup.
 */
export function AnalysisText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={clsx('flex flex-col gap-3 text-sm leading-relaxed text-fg', className)}>
      {analysisBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index} className="flex list-disc flex-col gap-1.5 pl-5 marker:text-accent">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}
