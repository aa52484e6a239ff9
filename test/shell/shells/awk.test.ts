import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeArgv } from '../../../src/shell/analyze.js';
import {
  type AwkReading,
  busyboxAwk,
  bwkAwk,
  mawk,
} from '../../../src/shell/rules/awk-implementations.js';
import { requirePrograms } from './real-shells.js';

// The awk models against the real gawk, mawk, original-awk (BWK) and busybox awk. Generated argv
// mix the options each of them reads differently with words that are each a program printing its
// own marker; whichever marker a real awk prints is the program it ran. (1) When a real awk runs
// a program, its model names the same word. (2) For every argv the analyzer accepts as
// `awk …`, every real awk that runs a program runs the same word.

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const marker = (k: number) => `BEGIN{print "W${k}";exit}`;

const implementations: Readonly<Record<string, readonly string[]>> = {
  gawk: ['gawk'],
  mawk: ['mawk'],
  'original-awk': ['original-awk'],
  'busybox awk': ['busybox', 'awk'],
};

const options = [
  '-F',
  '-Fx',
  '-F:',
  '-v',
  '-vx=1',
  'x=1',
  '-e',
  '-W',
  '-Wversion',
  '-Wv',
  '-Wi',
  '-Winteractive',
  '-b',
  '-bF',
  '-bv',
  '-be',
  '-s',
  '-safe',
  '-d',
  '--',
  '-',
  '--version',
  '-version',
  '--posix',
  '--field-separator',
  '--assign',
  '--source',
  '-P',
  '-S',
  '--lint',
  '--csv',
  '-V',
];

/** argv of 1–5 words; MARK stands for a fresh marker program. */
const argvs = fc
  .array(fc.oneof({ weight: 2, arbitrary: fc.constant('MARK') }, fc.constantFrom(...options)), {
    minLength: 1,
    maxLength: 5,
  })
  .map((words) => words.map((word, k) => (word === 'MARK' ? marker(k) : word)));

/** The marker word each real implementation ran for each argv (undefined: none ran). */
function runAll(command: readonly string[], all: readonly (readonly string[])[]) {
  let script = '';
  all.forEach((args, i) => {
    script += `printf '\\036%d\\n' ${i}; ${command.join(' ')} ${args.map(quote).join(' ')} </dev/null 2>/dev/null | head -c 200\n`;
  });
  const output = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ran = new Map<number, string | undefined>();
  for (const record of output.split('\x1e').slice(1)) {
    const [index, ...rest] = record.split('\n');
    const k = /^W(\d+)$/m.exec(rest.join('\n'))?.[1];
    ran.set(Number(index), k === undefined ? undefined : marker(Number(k)));
  }
  return all.map((_, i) => ran.get(i));
}

const models: Readonly<Record<string, (args: readonly string[]) => AwkReading>> = {
  mawk,
  'original-awk': bwkAwk,
  'busybox awk': busyboxAwk,
};

describe('awk implementations against their models and the analyzer', () => {
  beforeAll(() => requirePrograms(['gawk', 'mawk', 'original-awk', 'busybox']));

  const samples = [
    ...new Map(fc.sample(argvs, { numRuns: 700, seed: 24 }).map((a) => [a.join('\0'), a])).values(),
  ];
  const runs = Object.fromEntries(
    Object.entries(implementations).map(([name, command]) => [name, runAll(command, samples)]),
  );

  it.each(Object.keys(models))('%s runs the program its model names', (name) => {
    const model = models[name] as (args: readonly string[]) => AwkReading;
    const wrong = samples.flatMap((args, i) => {
      const ran = runs[name]?.[i];
      const reading = model(args);
      if (ran === undefined || reading.kind === 'unknown') return [];
      return reading.kind === 'program' && reading.text === ran ? [] : [{ args, ran, reading }];
    });
    expect(wrong).toEqual([]);
  });

  it('every accepted awk call runs one program text under every implementation', () => {
    let accepted = 0;
    const disagreements = samples.flatMap((args, i) => {
      if (!analyzeArgv(['awk', ...args]).readOnly) return [];
      accepted++;
      const ran = new Set(Object.keys(implementations).map((name) => runs[name]?.[i]));
      ran.delete(undefined);
      return ran.size > 1 ? [{ args, ran: [...ran] }] : [];
    });
    expect(disagreements).toEqual([]);
    expect(accepted).toBeGreaterThan(40);
  });

  it('the class is live: on some refused argv two real awks run different words', () => {
    const differing = samples.filter((_, i) => {
      const ran = new Set(Object.keys(implementations).map((name) => runs[name]?.[i]));
      ran.delete(undefined);
      return ran.size > 1;
    });
    expect(differing.length).toBeGreaterThan(3);
  });
});
