import { execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { applyDiff } from '@openai/agents-core';
import { filesystem } from '@openai/agents-core/sandbox';

// Real patch appliers run on patch texts in a scratch directory: GNU patch, git apply and the
// OpenAI Agents SDK's own apply_patch tool (its parser and applyDiff, driving an editor that
// writes files the way a host's editor does). Each case gets a fresh copy of one project tree
// per applier; all shell appliers of a batch run in one bash process, so a batch costs a few
// processes whatever its size. What an applier touched is the difference between the tree
// before and after: a file created, deleted, changed, or its mode or type changed.

/** An applier invocation: how a host would hand a patch text to a real program. */
export interface Applier {
  name: string;
  /** A shell command run in the project directory with the patch on stdin. */
  command?: string;
  /** The SDK's apply_patch tool, given the patch as its `patch` field. */
  sdk?: 'patch';
}

// Reject files and backups would be other files; hosts that run GNU patch turn them off.
const gnu = '--batch --no-backup-if-mismatch --reject-file=-';

/** GNU patch and git as a host applies a git diff (prefixes stripped once), and the SDK. */
export const gitStyleAppliers: Applier[] = [
  { name: 'git apply', command: 'git apply' },
  { name: 'patch -p1', command: `patch -p1 ${gnu}` },
  { name: 'openai-agents apply_patch', sdk: 'patch' },
];
/** GNU patch reading names as written, and without -p (base names); for diffs that are not git diffs. */
export const plainAppliers: Applier[] = [
  { name: 'patch -p0', command: `patch -p0 ${gnu}` },
  { name: 'patch', command: `patch ${gnu}` },
];

export const projectFiles: Record<string, string> = {
  'PLAN.md': 'one\ntwo\nthree\n',
  'docs/PLAN.md': 'one\ntwo\nthree\n',
  'a/PLAN.md': 'one\ntwo\nthree\n',
  'b/PLAN.md': 'one\ntwo\nthree\n',
  'a/docs/PLAN.md': 'one\ntwo\nthree\n',
  'src/index.ts': 'one\ntwo\nthree\n',
  'src/PLAN.md': 'one\ntwo\nthree\n',
};

/** One patch to run: its text and the appliers it goes to. */
export interface ApplierCase {
  text: string;
  appliers: readonly Applier[];
}

/** What one applier did with one case: every path it touched (relative to the project). */
export interface ApplierOutcome {
  applier: string;
  touched: string[];
  /** stderr/stdout of the program, for failure messages. */
  log: string;
}

type Snapshot = Map<string, string>;

function snapshot(root: string): Snapshot {
  const out: Snapshot = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      const st = lstatSync(full);
      const rel = relative(root, full);
      if (st.isSymbolicLink()) out.set(rel, `link:${readlinkSync(full)}`);
      else if (st.isDirectory()) walk(full);
      else out.set(rel, `${st.mode.toString(8)}:${readFileSync(full, 'latin1')}`);
    }
  };
  walk(root);
  return out;
}

function touched(before: Snapshot, after: Snapshot): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

function writeProject(dir: string) {
  for (const [path, content] of Object.entries(projectFiles)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

// A memory file system where there is one: thousands of small files and directories per batch
// cost seconds on a disk under load and milliseconds there.
function scratchBase(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Runs every case through its appliers, in one scratch directory and one bash process for the
 * shell appliers. Returns, per case, what each applier touched.
 */
export async function runAppliers(cases: readonly ApplierCase[]): Promise<ApplierOutcome[][]> {
  const root = mkdtempSync(join(scratchBase(), 'planfirst-patch-appliers-'));
  try {
    const template = join(root, 'template');
    writeProject(template);
    const before = snapshot(template);
    const script: string[] = [];
    const dirs = cases.map((c, i) =>
      c.appliers.map((applier, j) => {
        const dir = join(root, `c${i}`, `a${j}`);
        writeProject(dir);
        const patchFile = join(root, `c${i}`, 'patch');
        writeFileSync(patchFile, c.text);
        if (applier.command !== undefined)
          script.push(
            `(cd ${quote(dir)} && ${applier.command} < ${quote(patchFile)} > ${quote(`${dir}.log`)} 2>&1)`,
          );
        return dir;
      }),
    );
    // Each applier's exit status is its own business; only what it touched is compared.
    const scriptFile = join(root, 'run.sh');
    writeFileSync(scriptFile, `${script.join('\n')}\nexit 0\n`);
    if (script.length > 0)
      execFileSync('/bin/bash', [scriptFile], {
        // No repository above the scratch directory, no user configuration.
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: root,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CEILING_DIRECTORIES: root,
        },
        stdio: 'ignore',
        maxBuffer: 1 << 26,
      });
    const results: ApplierOutcome[][] = [];
    for (const [i, c] of cases.entries()) {
      const row: ApplierOutcome[] = [];
      for (const [j, applier] of c.appliers.entries()) {
        const dir = dirs[i]?.[j] as string;
        let log = '';
        const escaped: string[] = [];
        if (applier.sdk !== undefined) log = await runSdk(dir, c.text, escaped);
        else if (existsSync(`${dir}.log`)) log = readFileSync(`${dir}.log`, 'utf8');
        row.push({
          applier: applier.name,
          touched: [...touched(before, snapshot(dir)), ...escaped],
          log,
        });
      }
      results.push(row);
    }
    return results;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// The SDK's apply_patch function tool (its own parser and applyDiff) with an editor that
// writes inside `dir` as a host's editor would. A path that would leave the directory is
// recorded as touched instead of written.
async function runSdk(dir: string, text: string, escaped: string[]): Promise<string> {
  const inside = (path: string): string | undefined => {
    const full = resolve(dir, path);
    if (full === dir || !full.startsWith(`${dir}${sep}`)) {
      escaped.push(`(outside) ${path}`);
      return undefined;
    }
    return full;
  };
  const write = (full: string, content: string) => {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  const editor = {
    async createFile(op: { path: string; diff: string }) {
      const full = inside(op.path);
      if (full) write(full, applyDiff('', op.diff, 'create'));
      return {};
    },
    async updateFile(op: { path: string; diff: string; moveTo?: string }) {
      const full = inside(op.path);
      const dest = op.moveTo === undefined ? full : inside(op.moveTo);
      if (!full || !dest) return {};
      const next = applyDiff(readFileSync(full, 'utf8'), op.diff);
      write(dest, next);
      if (dest !== full) unlinkSync(full);
      return {};
    },
    async deleteFile(op: { path: string }) {
      const full = inside(op.path);
      if (full) unlinkSync(full);
      return {};
    },
  };
  const capability = filesystem().bind({
    createEditor: () => editor,
    viewImage: async () => '',
  } as never);
  const tool = capability.tools().find((t) => t.name === 'apply_patch');
  if (tool?.type !== 'function') throw new Error('the SDK offers no apply_patch function tool');
  const output = await tool.invoke({} as never, JSON.stringify({ patch: text }));
  return typeof output === 'string' ? output : JSON.stringify(output);
}
