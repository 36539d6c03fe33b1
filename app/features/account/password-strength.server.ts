/**
 * Breached and guessable passwords (ASVS 6.2.12): zxcvbn-ts with its common dictionaries — tens of thousands of
 * passwords from breaches, names, words, keyboard walks, dates and l33t spellings — shipped in the package, so
 * nothing leaves the server. Server-only: the dictionaries are megabytes and never reach the browser bundle.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';

/** zxcvbn's scale is 0–4; 3 is "safely unguessable" against an offline attack on a slow hash (10^8+ guesses). */
const MINIMUM_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEnglish.translations,
  });
  return estimator;
}

// Shifted digits: "zaq1@WSX" is the keyboard walk "zaq12wsx" typed with shift held.
const UNSHIFTED: Record<string, string> = {
  '!': '1',
  '@': '2',
  '"': '2',
  '£': '3',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
};

function unshifted(password: string): string {
  return [...password.toLowerCase()].map((character) => UNSHIFTED[character] ?? character).join('');
}

/** A match from the breached-password lists that covers the whole password (after l33t and case folding). */
function isBreachedPassword(result: ZxcvbnResult): boolean {
  return result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      String(match.dictionaryName).startsWith('passwords') &&
      match.i === 0 &&
      match.j === result.password.length - 1,
  );
}

/** Whether a new password is too easy to guess: in the breached list, or scored below 3 as typed or unshifted. */
export function isGuessablePassword(password: string, userInputs: readonly string[] = []): boolean {
  // Each detail and its parts ("Smith-Jones" → "smith", "jones"; an email's local part), so joins of them match.
  const inputs = [
    ...new Set(
      userInputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]).filter((part) => part.length > 1),
    ),
  ];
  const results = [zxcvbn().check(password, inputs), zxcvbn().check(unshifted(password), inputs)];
  return results.some((result) => result.score < MINIMUM_PASSWORD_SCORE || isBreachedPassword(result));
}
