import fc from 'fast-check';

// Generated patch texts for the differential test: apply_patch sections, plain and git
// unified diffs, Index:, context, normal and ed diffs, each naming the plan file or another
// file (with and without git prefixes, padded, quoted, with timestamps), with renames, moves,
// several headers, headers hidden inside other hunks, and lines indented, padded or ended the
// ways appliers read differently (Unicode spaces, `X`, `- `, CR/LF mixes). Hunks match the
// project files the appliers run on (`one two three`), so patches that pass really apply.

const body = ['one', 'two', 'three'];

/** File names a patch line may carry for a plan file at `plan`. */
function names(plan: string): fc.Arbitrary<string> {
  const other = plan === 'PLAN.md' ? 'docs/PLAN.md' : 'PLAN.md';
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(plan) },
    {
      weight: 6,
      arbitrary: fc.constantFrom(`a/${plan}`, `b/${plan}`, `./${plan}`, '/dev/null'),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'src/index.ts',
        'a/src/index.ts',
        'b/src/index.ts',
        'evil.sh',
        'a/evil.sh',
        'b/evil.sh',
        other,
        `a/${other}`,
        'src/PLAN.md',
        `a/a/${plan}`,
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `${plan} `,
        ` ${plan}`,
        `"${plan}"`,
        `${plan}\t2024-01-01 00:00:00.000000000 +0000`,
        `${plan} evil.sh`,
        `${plan}\u00a0`,
        `${plan}/`,
        `a//${plan}`,
      ),
    },
  );
}

type Lines = string[];

const update = ['@@ -1,3 +1,3 @@', ' one', '-two', '+TWO', ' three'];
const create = ['@@ -0,0 +1,2 @@', '+hello', '+world'];
const remove = ['@@ -1,3 +0,0 @@', ...body.map((l) => `-${l}`)];

function sections(plan: string): fc.Arbitrary<Lines> {
  const n = names(plan);
  const applyPatch = fc.oneof(
    n.map((x) => [`*** Add File: ${x}`, '+hello', '+world']),
    fc
      .tuple(n, fc.option(n, { nil: undefined }))
      .map(([x, to]) => [
        `*** Update File: ${x}`,
        ...(to === undefined ? [] : [`*** Move to: ${to}`]),
        '@@',
        ' one',
        '-two',
        '+TWO',
      ]),
    n.map((x) => [`*** Delete File: ${x}`]),
  );
  const unified = fc.oneof(
    fc.tuple(n, n).map(([x, y]) => [`--- ${x}`, `+++ ${y}`, ...update]),
    n.map((y) => ['--- /dev/null', `+++ ${y}`, ...create]),
    n.map((x) => [`--- ${x}`, '+++ /dev/null', ...remove]),
  );
  const extended = fc.constantFrom<Lines>(
    [],
    ['new file mode 100644'],
    ['deleted file mode 100644'],
    ['index 5626abf..f719efd 100644'],
    ['index 5626abf..f719efd 100755'],
    ['old mode 100644', 'new mode 100755'],
    ['new file mode 120000'],
    ['similarity index 100%', 'rename from PLAN.md', 'rename to evil.sh'],
    ['copy from PLAN.md', 'copy to evil.sh'],
  );
  const gitHeader = fc.tuple(n, n, extended).map(([x, y, ext]) => [`diff --git ${x} ${y}`, ...ext]);
  const git = fc.oneof(
    fc
      .tuple(gitHeader, fc.constantFrom('update', 'create', 'delete', 'none'))
      .map(([head, kind]) => [
        ...head,
        ...(kind === 'update'
          ? [`--- a/${plan}`, `+++ b/${plan}`, ...update]
          : kind === 'create'
            ? ['--- /dev/null', `+++ b/${plan}`, ...create]
            : kind === 'delete'
              ? [`--- a/${plan}`, '+++ /dev/null', ...remove]
              : []),
      ]),
    fc.tuple(gitHeader, unified).map(([head, u]) => [...head, ...u]),
  );
  const other = fc.oneof(
    fc.tuple(n, unified).map(([x, u]) => [`Index: ${x}`, '='.repeat(67), ...u]),
    n.map((x) => [
      `*** ${x}`,
      `--- ${x}`,
      '***************',
      '*** 1,3 ****',
      '  one',
      '! two',
      '  three',
      '--- 1,3 ----',
      '  one',
      '! TWO',
      '  three',
    ]),
    n.map((x) => [`Index: ${x}`, '2c2', '< two', '---', '> TWO']),
    n.map((x) => [`Index: ${x}`, '2c', 'TWO', '.']),
  );
  return fc.oneof(
    { weight: 4, arbitrary: applyPatch },
    { weight: 3, arbitrary: unified },
    { weight: 3, arbitrary: git },
    { weight: 1, arbitrary: other },
  );
}

const indents = ['', ' ', '  ', '\t', 'X', '- ', '\u00a0', '\u2003', '\u3000', '\u200b', '\ufeff'];
const trailers = ['', ' ', '\t', '\u00a0'];
const endings = ['\n', '\r\n', '\r'];

/** A line as some host or model may have written it: indented, padded, its own line end. */
const lineStyle = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ indent: '', trail: '', end: '\n' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      indent: fc.constantFrom(...indents),
      trail: fc.constantFrom(...trailers),
      end: fc.constantFrom(...endings),
    }),
  },
);

function render(lines: Lines, styles: { indent: string; trail: string; end: string }[]): string {
  return lines
    .map((line, i) => {
      const s = styles[i % Math.max(styles.length, 1)] ?? { indent: '', trail: '', end: '\n' };
      return `${s.indent}${line}${s.trail}${s.end}`;
    })
    .join('');
}

/**
 * A patch text for a plan file at `plan`: one to three sections, apply_patch sections inside
 * Begin/End Patch, sometimes another section's lines hidden inside a hunk (as they are, or as
 * added, removed or context lines), and per-line styles.
 */
export function patchText(plan: string): fc.Arbitrary<string> {
  const section = sections(plan);
  const hidden = fc
    .tuple(section, fc.constantFrom('', '+', '-', ' ', '- ', 'X', '\t'))
    .map(([lines, prefix]) => lines.map((l) => `${prefix}${l}`));
  const parts = fc.array(
    fc.oneof({ weight: 5, arbitrary: section }, { weight: 1, arbitrary: hidden }),
    { minLength: 1, maxLength: 3 },
  );
  return fc
    .tuple(parts, fc.boolean(), fc.array(lineStyle, { minLength: 1, maxLength: 40 }), fc.boolean())
    .map(([ps, wrap, styles, ending]) => {
      const lines = ps.flat();
      const all =
        wrap || lines[0]?.startsWith('*** ')
          ? ['*** Begin Patch', ...lines, '*** End Patch']
          : lines;
      const text = render(all, styles);
      return ending ? text : text.replace(/\r?\n$|\r$/, '');
    });
}
