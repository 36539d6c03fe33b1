import { describe, expect, it } from 'vitest';
import { formatMailFrom } from './mail-from.server.ts';

describe('formatMailFrom', () => {
  const environment = 'Doorstep <no-reply@doorstep.example>';

  it('keeps the environment’s sender when nothing is set', () => {
    expect(formatMailFrom(environment, null, null)).toBe('"Doorstep" <no-reply@doorstep.example>');
    expect(formatMailFrom('no-reply@doorstep.example', null, null)).toBe('no-reply@doorstep.example');
  });

  it('takes each part the owner set, the other from the environment', () => {
    expect(formatMailFrom(environment, 'Harbour & Vale, Bath', null)).toBe(
      '"Harbour & Vale, Bath" <no-reply@doorstep.example>',
    );
    expect(formatMailFrom(environment, null, 'hello@harbour.example')).toBe('"Doorstep" <hello@harbour.example>');
    expect(formatMailFrom(environment, 'Harbour', 'hello@harbour.example')).toBe('"Harbour" <hello@harbour.example>');
  });

  it('cannot be made to add a header or a second mailbox by a hand-edited row', () => {
    expect(formatMailFrom(environment, 'Evil"\r\nBcc: <x@y.example>', 'a@b.example\r\n')).toBe(
      '"EvilBcc: x@y.example" <a@b.example>',
    );
  });
});
