import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('od, hexdump and strings only print', () => {
  it.each<[string, string]>([
    ['od -c notes.txt', 'ok'],
    ['od -An -tx1 -N16 f', 'ok'],
    ['od -w16 f', 'ok'],
    ['od --strings=8 f', 'ok'],
    ['od -S 8 f', 'ok'],
    ['hexdump -C a.bin', 'ok'],
    ['hexdump -n 64 -s 16 a.bin', 'ok'],
    ['hexdump -e %08x a.bin', 'ok'],
    ['strings a.out', 'ok'],
    ['strings -n 8 a.out', 'ok'],
    ['strings -8 a.out', 'ok'],
    ['strings -td a.out', 'ok'],
    ['strings --bytes=6 -e l a.out', 'ok'],
    ['strings *.so', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('xxd reads its own way and writes its second operand', () => {
  it.each<[string, string]>([
    ['xxd a.bin', 'ok'],
    ['xxd -l 64 a.bin', 'ok'],
    ['xxd -c 8 -g 1 a.bin', 'ok'],
    ['xxd -c8 a.bin', 'ok'],
    ['xxd -cols 8 a.bin', 'ok'],
    ['xxd --cols 8 a.bin', 'ok'],
    ['xxd -ps a.bin', 'ok'],
    ['xxd -plain a.bin', 'ok'],
    ['xxd -s -32 a.bin', 'ok'],
    ['xxd -seek +4 a.bin', 'ok'],
    ['xxd -i -n name a.bin', 'ok'],
    ['xxd -r hex.txt', 'ok'],
    ['xxd -autoskip a.bin', 'ok'],
    ['xxd -capitalize -i a.bin', 'ok'],
    ['xxd', 'ok'],
    ['xxd -', 'ok'],
    ['xxd a.bin out.hex', 'operand_writes'],
    ['xxd -r hex.txt out.bin', 'operand_writes'],
    ['xxd -c 8 in out', 'operand_writes'],
    ['xxd -- in out', 'operand_writes'],
    ['xxd - out', 'operand_writes'],
    ['xxd in -c', 'operand_writes'],
    ['xxd -c', 'missing_option_value'],
    ['xxd -Z in', 'unknown_option'],
    ['xxd *.bin', 'unsafe_glob'],
    ['xxd -- *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });

  const dir = mkdtempSync(join(tmpdir(), 'planfirst-xxd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const installed = spawnSync('sh', ['-c', 'command -v xxd']).status === 0;

  it.runIf(installed)(
    'creates no file whenever the rule says ok (differential against real xxd)',
    () => {
      writeFileSync(join(dir, 'in'), '00000000: 4142 0a                                AB.\n');
      const vocabulary = [
        '-c',
        '8',
        '-cols',
        '-s',
        '-seek',
        '0',
        '-ps',
        '-r',
        '-i',
        '-n',
        'v',
        'in',
        'out',
        '--',
        '-',
        '-a',
        '-g',
      ];
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 6 }), (args) => {
          if (judge(['xxd', ...args]) !== 'ok') return;
          spawnSync('xxd', args, { cwd: dir, input: '', timeout: 5_000 });
          expect(readdirSync(dir)).toEqual(['in']);
        }),
        { numRuns: 150 },
      );
    },
  );
});
