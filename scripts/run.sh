#!/usr/bin/env bash
# The one entry point behind `npm start`, `npm test` and `npm run bench`: on a machine with only
# Node 20 and npm it installs pnpm, the workspace's packages and (for tests) Debian's chromium,
# then hands over to the real command.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.8
cmd=${1:-}
shift || true

ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    echo "› installing pnpm $PNPM_VERSION"
    npm install --global --no-fund --no-audit "pnpm@$PNPM_VERSION" >/dev/null
  fi
}

# Native addons (better-sqlite3) build against the running Node's own headers: <prefix>/include/node
# beside <prefix>/bin/node, wherever Node came from (a distribution package, nvm, a tarball). Where
# that folder is missing, node-gyp falls back to fetching the headers for this exact Node version.
node_headers_dir() {
  local prefix
  prefix=$(dirname "$(dirname "$(node -p process.execPath)")")
  [ -f "$prefix/include/node/node.h" ] && echo "$prefix"
}

ensure_packages() {
  echo "› installing workspace packages (the first run builds SQLite's native module: a few minutes)"
  local nodedir
  if nodedir=$(node_headers_dir); then export npm_config_nodedir="$nodedir"; fi
  local log
  log=$(mktemp)
  if ! pnpm install --frozen-lockfile --reporter=append-only >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "pnpm install failed (full log: $log)" >&2
    exit 1
  fi
  tail -n 3 "$log"
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    echo "› installing Debian's chromium for the browser tests"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  fi
}

case "$cmd" in
  start)
    ensure_pnpm; ensure_packages
    pnpm run build
    exec pnpm run serve "$@"
    ;;
  test)
    ensure_pnpm; ensure_packages; ensure_chromium
    echo "› typecheck"; pnpm run typecheck
    echo "› lint"; pnpm run lint
    echo "› unit and component tests"; pnpm run test:unit --ci
    echo "› build"; pnpm run build
    echo "› end-to-end tests in Chromium"; pnpm run test:e2e
    ;;
  bench)
    ensure_pnpm; ensure_packages
    exec node --import tsx tests/bench/run.ts "$@"
    ;;
  *)
    echo "usage: scripts/run.sh start|test|bench [args]" >&2; exit 2 ;;
esac
