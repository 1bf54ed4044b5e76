import { describe, expect, it } from 'vitest';
import { analysisBlocks } from '../../src/web/features/analysis/analysis-blocks.ts';

describe('analysisBlocks', () => {
  it('turns "- " lines into one list and other lines into paragraphs, skipping blank lines', () => {
    expect(analysisBlocks('First thought.\n\n- NP 301 W\n- VI 1.09\nClosing <b>line</b>.')).toEqual([
      { kind: 'paragraph', text: 'First thought.' },
      { kind: 'list', items: ['NP 301 W', 'VI 1.09'] },
      { kind: 'paragraph', text: 'Closing <b>line</b>.' },
    ]);
  });

  it('starts a new list after a paragraph and keeps a lone dash as text', () => {
    expect(analysisBlocks('- a\nmiddle\n- b\n-not a bullet')).toEqual([
      { kind: 'list', items: ['a'] },
      { kind: 'paragraph', text: 'middle' },
      { kind: 'list', items: ['b'] },
      { kind: 'paragraph', text: '-not a bullet' },
    ]);
  });
});
