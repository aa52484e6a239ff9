import type { ShellNode } from '../../../src/shell/types.js';

/** What bash runs for a parsed script, assuming every stub succeeds except `false`. */
export interface Execution {
  /** argv of every program run, in run order (pipelines really run concurrently). */
  argv: string[][];
  /** The script's exit status. */
  status: number;
}

export interface World {
  /** $HOME, which replaces a word's leading `~`. */
  home: string;
  /** Programs that exist; anything else is "command not found" (127). */
  programs: ReadonlySet<string>;
}

/**
 * Walks the AST the way bash executes it: `&&`/`||` short-circuit, a pipeline's status is its
 * last element's, `!` negates, lists run everything.
 */
export function simulate(ast: ShellNode, world: World): Execution {
  const argv: string[][] = [];
  const run = (node: ShellNode): number => {
    switch (node.type) {
      case 'command': {
        const { words } = node.command;
        if (words.length === 0) return 0;
        const args = words.map((w) => (w.tilde ? world.home + w.value.slice(1) : w.value));
        if (!world.programs.has(args[0] ?? '')) return 127;
        argv.push(args);
        return args[0] === 'false' ? 1 : 0;
      }
      case 'pipeline': {
        let status = 0;
        for (const element of node.elements) status = run(element);
        return node.negated ? Number(status === 0) : status;
      }
      case 'and_or': {
        let status = run(node.first);
        for (const { op, node: next } of node.rest) {
          if ((op === '&&') === (status === 0)) status = run(next);
        }
        return status;
      }
      case 'list': {
        let status = 0;
        for (const item of node.items) status = run(item);
        return status;
      }
      case 'subshell':
      case 'group':
        return run(node.body);
    }
  };
  const status = run(ast);
  return { argv, status };
}
