import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX_CHARS, mailGreeting, nameForMail } from '../../src/server/mail/greeting.ts';

describe('names in mail', () => {
  it('keeps an ordinary name as it is', () => {
    expect(mailGreeting('Ada')).toBe('Hi Ada,');
    expect(mailGreeting("Zoë O'Brien-Smith")).toBe("Hi Zoë O'Brien-Smith,");
    expect(mailGreeting('李 小龍')).toBe('Hi 李 小龍,');
  });

  it('greets "there" without a name, or without anything left of it', () => {
    expect(mailGreeting(null)).toBe('Hi there,');
    expect(mailGreeting('')).toBe('Hi there,');
    expect(mailGreeting('https://spam.example/win')).toBe('Hi there,');
  });

  it('puts every kind of line break and control character on one line', () => {
    for (const separator of ['\n', '\r\n', '\u2028', '\u2029', '\u0085', '\t', '\u000b', '\u200b']) {
      expect(nameForMail(`Ada${separator}Lovelace`), JSON.stringify(separator)).toBe('Ada Lovelace');
    }
  });

  it('leaves out every word a mail client could make a link of', () => {
    for (const word of ['https://x.example', 'HTTP://X', 'mailto:a', 'www.spam', 'spam.example', 'bit.ly/x', 'a@b', 'spam\uff0eexample', 'ｗｗｗ.x']) {
      expect(nameForMail(`Ada ${word} Lovelace`), word).toBe('Ada Lovelace');
    }
  });

  it(`cuts a name to ${MAIL_NAME_MAX_CHARS} characters, at a word where there is one`, () => {
    expect(nameForMail(`Ada ${'x'.repeat(60)}`)).toBe('Ada');
    expect(nameForMail('y'.repeat(60))).toBe('y'.repeat(MAIL_NAME_MAX_CHARS));
    expect([...nameForMail('ä'.repeat(100))!]).toHaveLength(MAIL_NAME_MAX_CHARS);
  });
});
