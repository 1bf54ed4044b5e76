export type AnalysisBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** Splits section text into paragraphs and "- " bullet lists (the only structure Kai writes). */
export function analysisBlocks(text: string): AnalysisBlock[] {
  const blocks: AnalysisBlock[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (!line) continue;
    const last = blocks.at(-1);
    if (line.startsWith('- ')) {
      const item = line.slice(2).trim();
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}
