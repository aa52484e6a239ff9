// Exits 0 when `prepare` may skip the build, 1 when it must build (`node … || npm run build`).
//
// npm runs `prepare` after `npm ci` and `npm install` in this checkout: that builds dist/.
// `npx planfirst` run in this checkout runs it again: npm sees that the root package.json has
// a `planfirst` bin, links the checkout into its npx cache (~/.npm/_npx/<hash>) and runs the
// linked package's `prepare` there, with npm_command=exec. A build made by `npm ci` is already
// in dist/, so rebuilding (about 20 s, with no output) would only delay the first command.
import { existsSync } from 'node:fs';

const linkedByNpx = process.env.npm_command === 'exec';
process.exit(linkedByNpx && existsSync('dist/cli.js') ? 0 : 1);
