import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/http/logging.ts';

function output(isTTY: boolean): NodeJS.WriteStream {
  return Object.assign(new PassThrough(), { isTTY }) as unknown as NodeJS.WriteStream;
}
const terminal = output(true);
const pipe = output(false);

describe('loggerOptions', () => {
  it('writes human lines to a terminal in development', () => {
    const options = loggerOptions({ logLevel: 'info', env: 'development' }, terminal);
    expect(options).toHaveProperty('stream');
  });

  it('writes JSON lines in production, even to a terminal', () => {
    expect(loggerOptions({ logLevel: 'info', env: 'production' }, terminal)).not.toHaveProperty('stream');
  });

  it('writes JSON lines when the output is a pipe or a file', () => {
    expect(loggerOptions({ logLevel: 'debug', env: 'development' }, pipe)).toMatchObject({ level: 'debug' });
    expect(loggerOptions({ logLevel: 'debug', env: 'development' }, pipe)).not.toHaveProperty('stream');
  });
});
