#!/usr/bin/env bash
# The one entry point behind `npm start`, `npm test` and `npm run bench`: on a machine with only
# Node 20 and npm it installs pnpm, the workspace's packages and (for tests) Debian's chromium and faketime,
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

ensure_faketime() {
  if ! command -v faketime >/dev/null 2>&1; then
    echo "› installing Debian's faketime for the unit tests on other dates"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq faketime >/dev/null
  fi
}

# Instants (IST) the unit tests run at once more, with the system clock moved there: no test may
# depend on the day it runs. A full unit run takes about 3 minutes on two cores.
FAKED_DATES=(
  "2026-11-28 10:00|a Saturday, during market hours"
  "2026-12-25 11:00|an NSE holiday (Christmas, a Friday)"
  "2026-11-26 23:59|23:59 IST on a weekday, crossing midnight"
  "2030-06-12 10:30|a Wednesday in 2030, a year without a holiday list"
)

# The whole unit suite under libfaketime, once per date above. The clock starts at the date and runs
# on; jest's workers inherit it (LD_PRELOAD and FAKETIME are passed to child processes).
# The runtime's stop must leave no timer, socket or database handle behind: jest reports any it
# finds with --detectOpenHandles but still exits 0, so its report fails the run here.
runtime_stops_clean() {
  echo "› the runtime stops clean (jest --detectOpenHandles)"
  local report
  report=$(pnpm exec jest --ci --detectOpenHandles packages/server/src/runtime/runtime.test.ts 2>&1) || { echo "$report"; return 1; }
  if grep -q "open handle" <<<"$report"; then echo "$report"; return 1; fi
}

unit_tests_on_other_dates() {
  local entry when what local_time started
  for entry in "${FAKED_DATES[@]}"; do
    when=${entry%%|*}
    what=${entry#*|}
    # libfaketime reads the date in the machine's time zone: name the IST instant in local time.
    local_time=$(date -d "$when +0530" '+%Y-%m-%d %H:%M:%S')
    echo "› unit and component tests with the clock at $when IST: $what"
    if ! faketime -f "@$local_time" node -e '
      const wanted = Date.parse(process.argv[1].replace(" ", "T") + ":00+05:30");
      process.exit(Math.abs(Date.now() - wanted) < 60_000 ? 0 : 1);' "$when"; then
      echo "faketime did not move the clock to $when IST" >&2
      exit 1
    fi
    started=$SECONDS
    faketime -f "@$local_time" pnpm run test:unit --ci --reporters=summary
    echo "  passed at $when IST in $((SECONDS - started)) s"
  done
}

case "$cmd" in
  start)
    ensure_pnpm; ensure_packages
    pnpm run build
    exec pnpm run serve "$@"
    ;;
  test)
    ensure_pnpm; ensure_packages; ensure_chromium; ensure_faketime
    echo "› typecheck"; pnpm run typecheck
    echo "› lint"; pnpm run lint
    # PostgreSQL and Redis on loopback for every unit pass and the e2e tests; stopped when this ends.
    source scripts/test-services.sh; ensure_test_services
    echo "› unit and component tests"; pnpm run test:unit --ci
    runtime_stops_clean
    unit_tests_on_other_dates
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
