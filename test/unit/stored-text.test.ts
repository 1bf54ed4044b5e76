import { describe, expect, it, vi } from 'vitest';
import { boundedText, hasUnstorableText, isStorableText, storableJson, storableText } from '../../src/server/http/stored-text.ts';

/** Issue 16 item 4: text PostgreSQL cannot store is refused at the JSON boundary, or made storable when it comes from outside. */
describe('stored text', () => {
  it('tells NUL and unpaired surrogates from real text, paired surrogates included', () => {
    expect(isStorableText('Zoë 🚴‍♀️')).toBe(true);
    for (const text of ['a\u0000b', 'high \ud800', 'low \udc00 alone', '\udc00\ud800']) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('finds unstorable text anywhere in a JSON value, keys included', () => {
    expect(hasUnstorableText({ a: [1, { b: 'fine' }], c: null })).toBe(false);
    expect(hasUnstorableText({ a: [1, { b: 'bad\u0000' }] })).toBe(true);
    expect(hasUnstorableText({ ['key\ud800']: 1 })).toBe(true);
    expect(hasUnstorableText(['x', ['y', ['\udc00']]])).toBe(true);
  });

  it('leaves a raw body to its route at once: a 2 MB CSV is not walked byte by byte', () => {
    // Walked as an object, each byte became an entry: seconds on the event loop for the wellness CSV's 2 MB.
    const body = Buffer.alloc(2 * 1024 * 1024, 0x41);
    const bytes = new Uint8Array(body);
    const entries = vi.spyOn(Object, 'entries');
    try {
      expect(hasUnstorableText(body)).toBe(false);
      expect(hasUnstorableText({ file: bytes })).toBe(false);
      // The wrapping object is read; the bytes never are.
      expect(entries.mock.calls.map(([walked]) => walked).filter((walked) => walked === body || walked === bytes)).toEqual([]);
    } finally {
      entries.mockRestore();
    }
  });

  it('makes outside text storable: NUL dropped, a lone surrogate replaced, pairs kept', () => {
    expect(storableText('a\u0000b \ud800 🚴')).toBe('ab \uFFFD 🚴');
    expect(storableJson({ ['k\u0000']: ['v\udc00', 3, { deep: '\u0000' }] })).toEqual({ k: ['v\uFFFD', 3, { deep: '' }] });
    expect(boundedText('  \u0000  ', 10)).toBeNull();
    expect(boundedText(' abc\u0000def ', 4)).toBe('abcd');
  });
});
