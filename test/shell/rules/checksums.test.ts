import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('checksum programs only read', () => {
  it.each<[string, string]>([
    ['md5sum a b', 'ok'],
    ['sha256sum -c SHA256SUMS', 'ok'],
    ['sha256sum --check --ignore-missing sums', 'ok'],
    ['sha1sum --tag *.tar', 'ok'],
    ['sha224sum f', 'ok'],
    ['sha384sum f', 'ok'],
    ['sha512sum -z f', 'ok'],
    ['b2sum -l 256 f', 'ok'],
    ['cksum -a sha256 f', 'ok'],
    ['cksum --algorithm=md5 --untagged f', 'ok'],
    ['md5sum -o x', 'unknown_option'],
    ['sha256sum --output=x', 'unknown_option'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
