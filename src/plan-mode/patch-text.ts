// Which files a patch text can touch, read as leniently as any applier reads it. The appliers
// disagree: Codex's apply_patch trims every header line (any Unicode space), GNU patch skips
// leading spaces, tabs and `X`s (and `- ` pairs before `---`), git reads column 0 only, and
// each has headers the others ignore. So a line counts as a header when any of them could take
// it for one, wherever it stands (inside a hunk too), and a header the gate cannot read in one
// unambiguous way refuses the whole patch. Reading too many headers only refuses more.

/** Why a patch may touch something other than the plan file. */
export interface PatchRefusal {
  kind: 'outside' | 'unsafe_path' | 'invalid';
  /** The file name or line at fault (model text: quote it before showing). */
  target?: string;
  message: string;
}

// A lone carriage return, other control characters and Unicode line separators: appliers
// disagree on whether they end a line, so a header could hide behind one.
const lineBreakers = /\r(?!\n)|(?![\t\n\r])\p{Cc}|[\u2028\u2029]/u;

// What some applier skips before a header: Codex trims Unicode spaces, GNU patch skips spaces,
// tabs and `X`s and `- ` pairs (RFC 934 quoting). Format characters are added for safety.
const leniency = /^(?:[\s\p{Z}\p{Cf}X]|- )*/u;

const applyPatchMarker = /^\*\*\* (Add File|Update File|Delete File|Move to): (.*)$/su;
const applyPatchStructure = /^\*\*\* (?:Begin Patch|End Patch|End of File)[\s\p{Z}]*$/u;
// `---`/`+++` headers: the name ends at a tab (a timestamp may follow).
const unifiedHeader = /^(---|\+\+\+)[\s\p{Z}]/u;
const gitIndex = /^index [0-9a-fA-F]+\.\.[0-9a-fA-F]+(?: 100644)?$/;
// Lines that start a normal diff or an ed script for GNU patch (which hands ed scripts to ed).
const diffCommand =
  /^(?:\d[\d,]*[acd][\d,]*|(?:\d+(?:,\d+)?)?[acdi]|(?:\d+(?:,\d+)?)?s\/\.\/\/)[ \t]*$/;
// git extended headers: a rename or copy touches a second file, modes can make the plan file
// a symlink or an executable, and a binary patch is unreadable here. Only these pass.
const gitExtended =
  /^(?:old mode|new mode|deleted file mode|new file mode|rename from|rename to|rename old|rename new|copy from|copy to|similarity index|dissimilarity index|GIT binary patch|index [0-9a-fA-F]+\.\.)/;

/** A patch's verdict: how many headers named the plan file, or why it was refused. */
export type PatchVerdict = { ok: true; named: number } | { ok: false; refusal: PatchRefusal };

/**
 * Judges a patch text aimed at the plan file `plan` (already normalised): ok when every file
 * any applier could read from it is the plan file. A patch that names no file is ok here; the
 * caller then requires a target elsewhere in the call.
 *
 * The grammar it accepts (anything else that looks like a header refuses the patch):
 * apply_patch headers `*** Add File: P`, `*** Update File: P`, `*** Delete File: P`,
 * `*** Move to: P` at column 0, names as written (no prefix is stripped); a git diff's
 * `diff --git a/P b/P`, `--- a/P`, `+++ b/P`, `/dev/null` on either side, `index` and
 * `new/deleted file mode 100644` lines; and in any diff, `--- P`/`+++ P`/`Index: P` only when
 * P has no directory, since GNU patch and git strip leading directories differently.
 */
/**
 * `absolutePlan`: the plan file's absolute path, when the caller knows the project directory
 * (the hook does). An apply_patch header may name the plan file by it, since that applier
 * joins a header's path to its working directory and an absolute path stays itself; a diff
 * header never may (strip levels would turn it into another file).
 */
export function judgePatchText(text: string, plan: string, absolutePlan?: string): PatchVerdict {
  if (lineBreakers.test(text))
    return refuse({
      kind: 'invalid',
      message:
        'the patch has a lone carriage return, a control character or a Unicode line separator, where appliers disagree on line ends',
    });
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const readings = lines.map((line) => readLine(line, plan, absolutePlan));
  const git = readings.some((r) => r.kind === 'git');
  let named = 0;
  let applyPatch = false;
  let diff = false;
  // What the current git section's extended headers allow: a missing side (`/dev/null`) is
  // one only with its `new file mode`/`deleted file mode` line, else git reads a file `dev/null`.
  let section = { created: false, deleted: false };
  for (const [i, r] of readings.entries()) {
    const line = lines[i] as string;
    switch (r.kind) {
      case 'refused':
        return refuse(r.refusal);
      case 'apply_patch':
        applyPatch = true;
        named += 1;
        break;
      case 'git':
        diff = true;
        named += 1;
        section = { created: false, deleted: false };
        break;
      case 'mode':
        section = { ...section, [r.side]: true };
        break;
      case 'name':
        diff = true;
        named += 1;
        if (r.prefixed && !git)
          return refuse(ambiguous(line, 'a git-prefixed name (`a/`, `b/`) outside a git diff'));
        break;
      case 'null': {
        diff = true;
        // Opposite the plan file's header, and in a git diff with its mode line.
        const other = readings[r.old ? i + 1 : i - 1];
        const paired = other?.kind === 'name' && other.old !== r.old;
        if (!paired || (git && !section[r.old ? 'created' : 'deleted']))
          return refuse(
            ambiguous(
              line,
              '`/dev/null` without the plan file on the other side (and, in a git diff, its file mode line)',
            ),
          );
        break;
      }
      default:
        break;
    }
    // GNU patch reads `*** Add File: P` as a context-diff header naming a file `Add`.
    if (applyPatch && diff)
      return refuse(ambiguous(line, 'in a patch that mixes apply_patch and diff headers'));
  }
  return { ok: true, named };
}

const refuse = (refusal: PatchRefusal): PatchVerdict => ({ ok: false, refusal });

function header(line: string): string {
  return line.slice((leniency.exec(line)?.[0] ?? '').length);
}

const ambiguous = (line: string, why: string): PatchRefusal => ({
  kind: 'invalid',
  target: line,
  message: `the patch line is ${why}`,
});

/** What one line is to the gate, judged on its own. */
type LineReading =
  | { kind: 'refused'; refusal: PatchRefusal }
  | { kind: 'apply_patch' }
  | { kind: 'git' }
  | { kind: 'mode'; side: 'created' | 'deleted' }
  | { kind: 'name'; old: boolean; prefixed: boolean }
  | { kind: 'null'; old: boolean }
  | { kind: 'other' };

const refusedLine = (refusal: PatchRefusal): LineReading => ({ kind: 'refused', refusal });

function readLine(line: string, plan: string, absolutePlan: string | undefined): LineReading {
  const s = header(line);
  const indented = s.length !== line.length;
  const irregular = (why: string) => refusedLine(ambiguous(line, why));
  if (/^\*\*\*[\s\p{Z}]/u.test(s)) {
    if (applyPatchStructure.test(s)) return { kind: 'other' };
    const m = applyPatchMarker.exec(s);
    if (!m) return irregular('a `***` header that is not an apply_patch marker');
    if (indented) return irregular('an indented header (appliers disagree on it)');
    const name = m[2] as string;
    if (absolutePlan !== undefined && name === absolutePlan) return { kind: 'apply_patch' };
    const bad = judgeName(name, plan, 'as-written');
    return bad ? refusedLine(bad) : { kind: 'apply_patch' };
  }
  if (unifiedHeader.test(s)) {
    if (indented || s[3] !== ' ') return irregular('an indented or irregular diff header');
    const old = s.startsWith('---');
    const name = s.slice(4).split('\t')[0] as string;
    if (name === '/dev/null') return { kind: 'null', old };
    if (name === `${old ? 'a/' : 'b/'}${plan}`) return { kind: 'name', old, prefixed: true };
    const bad = judgeName(name, plan, 'any-strip');
    return bad ? refusedLine(bad) : { kind: 'name', old, prefixed: false };
  }
  if (s.startsWith('diff --')) {
    if (!indented && s === `diff --git a/${plan} b/${plan}`) return { kind: 'git' };
    return irregular(`a diff header other than \`diff --git a/${plan} b/${plan}\``);
  }
  if (s.startsWith('Index:')) {
    if (indented) return irregular('an indented header (appliers disagree on it)');
    const bad = judgeName(s.slice(6).replace(/^[ \t]+|[ \t]+$/g, ''), plan, 'any-strip');
    return bad ? refusedLine(bad) : { kind: 'other' };
  }
  if (gitExtended.test(s)) {
    if (!indented && s === 'new file mode 100644') return { kind: 'mode', side: 'created' };
    if (!indented && s === 'deleted file mode 100644') return { kind: 'mode', side: 'deleted' };
    if (!indented && gitIndex.test(s)) return { kind: 'other' };
    return irregular('a git rename, copy, mode or binary header');
  }
  if (diffCommand.test(s)) return irregular('a normal-diff or ed command');
  return { kind: 'other' };
}

/**
 * One file name against the plan file. `as-written`: the applier uses the name as it stands
 * (apply_patch). `any-strip`: GNU patch without -p keeps the base name, -p0 the whole name, -p1
 * and git drop the first directory — the name must mean the plan file under all of them, which
 * holds only for a plan file without a directory.
 */
function judgeName(
  name: string,
  plan: string,
  reading: 'as-written' | 'any-strip',
): PatchRefusal | undefined {
  if (name !== name.replace(/^[\s\p{Z}\p{Cf}]+|[\s\p{Z}\p{Cf}]+$/gu, '') || name === '')
    return { kind: 'invalid', target: name, message: 'a file name is empty or padded' };
  if (name.split('/').includes('..'))
    return {
      kind: 'unsafe_path',
      target: name,
      message: 'a target path with a `..` segment can leave the project through a symlink',
    };
  // The plan file's own spelling only: `docs//PLAN.md` or `PLAN.md/` mean other things to
  // some appliers.
  if (name !== plan && name !== `./${plan}`)
    return { kind: 'outside', target: name, message: 'the patch touches another file' };
  if (reading === 'any-strip' && plan.includes('/'))
    return {
      kind: 'outside',
      target: name,
      message:
        'a plain diff naming a file in a directory means another file to an applier that strips directories; use a git diff (`diff --git a/… b/…`) or an apply_patch header',
    };
  return undefined;
}
