import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('jq reads JSON and files, and cannot write or run anything', () => {
  it.each<[readonly string[], string]>([
    [['jq', '.version', 'package.json'], 'ok'],
    [['jq', '-r', '.scripts | to_entries[] | "\\(.key): \\(.value)"', 'package.json'], 'ok'],
    [['jq', '-n', 'env.HOME'], 'ok'],
    [['jq', '-nr', '$x', '--arg', 'x', '1'], 'ok'],
    [['jq', '--arg', 'name', '--version', '.'], 'ok'],
    [['jq', '--argjson', 'n', '5', '-n', '$n'], 'ok'],
    [['jq', '--slurpfile', 'a', 'a.json', '-n', '$a'], 'ok'],
    [['jq', '--rawfile', 'r', 'notes.txt', '-n', '$r'], 'ok'],
    [['jq', '-f', 'filter.jq', 'data.json'], 'ok'],
    [['jq', '-L', 'lib', '-n', 'import "m" as m; 1'], 'ok'],
    [['jq', '-Llib', '.'], 'ok'],
    [['jq', '-n', '--args', '$ARGS', 'a', 'b'], 'ok'],
    [['jq', '-n', '--jsonargs', '$ARGS', '1', '{}'], 'ok'],
    [['jq', '--indent', '4', '.'], 'ok'],
    [['jq', '--tab', '-S', '.'], 'ok'],
    [['jq', '--seq', '--stream', '.'], 'ok'],
    [['jq', '--debug-trace=all', '.'], 'ok'],
    [['jq', '.', '--', '-file'], 'ok'],
    [['jq', '.', '*.json'], 'ok'],
    [['jq', '--arg', 'x'], 'missing_option_value'],
    [['jq', '--ar', 'x', 'y', '.'], 'unknown_option'],
    [['jq', '--raw', '.'], 'unknown_option'],
    [['jq', '-Z', '.'], 'unknown_option'],
  ])('%j → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
