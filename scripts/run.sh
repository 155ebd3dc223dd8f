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

# Instants (IST) the unit tests also run at, with the system clock moved there: no test may depend on
# the day it runs.
FAKED_DATES=(
  "2026-11-28 10:00|a Saturday, during market hours"
  "2026-12-25 11:00|an NSE holiday (Christmas, a Friday)"
  "2026-11-26 23:59|23:59 IST on a weekday, crossing midnight"
  "2030-06-12 10:30|a Wednesday in 2030, a year without a holiday list"
)

# Each stage's wall time, printed as it ends and again as a table when the run ends (pass or fail),
# so a stage that grows shows up in CI's log before it pushes the run past its budget.
STAGE_NAMES=()
STAGE_SECONDS=()
STAGE_RUNNING=""
STAGE_STARTED=0
stage() {
  local name=$1 started=$SECONDS
  shift
  echo "› $name"
  STAGE_RUNNING=$name
  STAGE_STARTED=$started
  # A plain call, not `"$@" || …`: that would switch errexit off inside the stage's functions.
  "$@"
  STAGE_RUNNING=""
  STAGE_NAMES+=("$name")
  STAGE_SECONDS+=($((SECONDS - started)))
  echo "  ($name: $((SECONDS - started)) s)"
}
print_stage_times() {
  echo "› time per stage"
  local i
  for i in "${!STAGE_NAMES[@]}"; do printf '  %5d s  %s\n' "${STAGE_SECONDS[$i]}" "${STAGE_NAMES[$i]}"; done
  [ -n "$STAGE_RUNNING" ] && printf '  %5d s  %s (failed)\n' $((SECONDS - STAGE_STARTED)) "$STAGE_RUNNING"
  printf '  %5d s  in all\n' "$SECONDS"
}

# The runtime's stop must leave no timer, socket or database handle behind: jest reports any it
# finds with --detectOpenHandles but still exits 0, so its report fails the run here.
runtime_stops_clean() {
  local report
  report=$(pnpm exec jest --ci --detectOpenHandles packages/server/src/runtime/runtime.test.ts 2>&1) || { echo "$report"; return 1; }
  if grep -q "open handle" <<<"$report"; then echo "$report"; return 1; fi
}

# The unit suite under libfaketime: each date above runs one quarter of the test files (jest --shard),
# and which quarter rotates with the day of the year, so every file meets every date over four days
# while a run pays for one extra pass instead of four (docs/decisions/0044). The clock starts at the
# date and runs on; jest's workers inherit it (LD_PRELOAD and FAKETIME pass to child processes).
unit_tests_on_other_dates() {
  local count=${#FAKED_DATES[@]} day i shard entry when what local_time
  day=$((10#$(date -u +%j)))
  for i in "${!FAKED_DATES[@]}"; do
    entry=${FAKED_DATES[$i]}
    when=${entry%%|*}
    what=${entry#*|}
    shard=$(((day + i) % count + 1))
    # libfaketime reads the date in the machine's time zone: name the IST instant in local time.
    local_time=$(date -d "$when +0530" '+%Y-%m-%d %H:%M:%S')
    echo "  clock at $when IST ($what): test files $shard/$count"
    if ! faketime -f "@$local_time" node -e '
      const wanted = Date.parse(process.argv[1].replace(" ", "T") + ":00+05:30");
      process.exit(Math.abs(Date.now() - wanted) < 60_000 ? 0 : 1);' "$when"; then
      echo "faketime did not move the clock to $when IST" >&2
      exit 1
    fi
    faketime -f "@$local_time" pnpm run test:unit --ci --reporters=summary --shard="$shard/$count"
  done
}

case "$cmd" in
  start)
    ensure_pnpm; ensure_packages
    pnpm run build
    exec pnpm run serve "$@"
    ;;
  test)
    trap print_stage_times EXIT
    stage "install" eval "ensure_pnpm; ensure_packages; ensure_chromium; ensure_faketime"
    stage "typecheck" pnpm run typecheck
    stage "lint" pnpm run lint
    # PostgreSQL and Redis on loopback for every unit pass and the e2e tests; stopped when this ends.
    source scripts/test-services.sh
    stage "PostgreSQL and Redis" ensure_test_services
    stage "unit and component tests" pnpm run test:unit --ci
    stage "the runtime stops clean (jest --detectOpenHandles)" runtime_stops_clean
    stage "unit and component tests on four other dates" unit_tests_on_other_dates
    stage "build" pnpm run build
    stage "end-to-end tests in Chromium" pnpm run test:e2e
    ;;
  bench)
    ensure_pnpm; ensure_packages
    exec node --import tsx tests/bench/run.ts "$@"
    ;;
  *)
    echo "usage: scripts/run.sh start|test|bench [args]" >&2; exit 2 ;;
esac
