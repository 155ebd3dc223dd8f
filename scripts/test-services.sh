#!/usr/bin/env bash
# A throwaway PostgreSQL and Redis for the tests, on loopback ports in a fresh temporary directory.
#
#   source scripts/test-services.sh; ensure_test_services
#       (scripts/run.sh test) installs what is missing, starts both, exports TEST_DATABASE_URL and
#       TEST_REDIS_URL, and stops both when the calling shell exits, whether the tests pass or fail.
#   bash scripts/test-services.sh start [OWNER_PID]   prints TEST_DATABASE_URL=, TEST_REDIS_URL=,
#       TEST_SERVICES_DIR=; with OWNER_PID, a watchdog stops both once that process is gone
#   bash scripts/test-services.sh stop DIR   stops what `start` put in DIR and removes it
#       (jest's global setup and teardown, when a plain `pnpm exec jest` finds no services set).

# Debian's packages, like ensure_chromium in run.sh: apt-get as root, or through sudo.
install_test_service_packages() {
  local wanted=()
  postgres_bin_dir >/dev/null || wanted+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || wanted+=(redis-server)
  [ ${#wanted[@]} = 0 ] && return 0
  echo "› installing Debian's ${wanted[*]} for the storage tests" >&2
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${wanted[@]}" >/dev/null
}

# Debian keeps the server binaries off PATH, one folder per major version: take the newest.
postgres_bin_dir() {
  local dir
  dir=$(find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '*/bin/initdb' 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && dirname "$dir"
}

# initdb and pg_ctl refuse to run as root: there they run as the `postgres` user the package creates.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A port the kernel reports free right now; another process may still take it first, so the starts
# below try again with a new one when theirs is taken.
free_loopback_port() {
  node -e 'const s = require("node:net").createServer();
    s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

start_test_postgres() {
  local dir=$1 bin port attempt
  bin=$(postgres_bin_dir) || { echo "PostgreSQL's initdb not found under /usr/lib/postgresql" >&2; return 1; }
  as_postgres "$bin/initdb" -D "$dir/pg" -U postgres --auth=trust --no-locale -E UTF8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; return 1; }
  for attempt in 1 2 3 4 5; do
    port=$(free_loopback_port)
    # fsync off: the data lives only as long as the test run. The unix socket stays in our directory.
    if as_postgres "$bin/pg_ctl" -D "$dir/pg" -l "$dir/postgres.log" -w -t 30 -s \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >&2; then
      echo "$port"
      return 0
    fi
    echo "  PostgreSQL did not start on port $port (attempt $attempt)" >&2
  done
  tail -n 20 "$dir/postgres.log" >&2
  return 1
}

start_test_redis() {
  local dir=$1 port attempt i
  for attempt in 1 2 3 4 5; do
    port=$(free_loopback_port)
    rm -f "$dir/redis.pid"
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >&2 || continue
    for i in $(seq 1 50); do
      if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then
        echo "$port"
        return 0
      fi
      # A daemon that could not bind exits at once; stop waiting for it.
      [ -f "$dir/redis.pid" ] && ! kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null && break
      sleep 0.1
    done
    echo "  Redis did not start on port $port (attempt $attempt)" >&2
  done
  tail -n 20 "$dir/redis.log" >&2
  return 1
}

# Both servers outlive a killed test run (Ctrl-C in jest, kill -9): this stops them once the owner
# is gone. Its own session keeps Ctrl-C in the terminal away from it; stop_test_services ends it.
start_watchdog() {
  local owner=$1 dir=$2
  setsid bash -c 'source "$1"
    while kill -0 "$2" 2>/dev/null && [ -d "$3" ]; do sleep 1; done
    stop_test_services "$3"' test-services-watchdog "${BASH_SOURCE[0]}" "$owner" "$dir" </dev/null >/dev/null 2>&1 &
  echo $! >"$dir/watchdog.pid"
}

# Starts both in a new directory and prints the three variables, one KEY=value a line.
start_test_services() {
  local owner=${1:-}
  install_test_service_packages || return 1
  local dir pg_port redis_port
  # Under /tmp, not $TMPDIR: the postgres user must reach it and the socket path must stay short.
  dir=$(mktemp -d /tmp/td-test-services.XXXXXX) || return 1
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  if ! pg_port=$(start_test_postgres "$dir") || ! redis_port=$(start_test_redis "$dir"); then
    stop_test_services "$dir"
    return 1
  fi
  if [ -n "$owner" ]; then start_watchdog "$owner" "$dir"; fi
  echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$pg_port/postgres"
  echo "TEST_REDIS_URL=redis://127.0.0.1:$redis_port"
  echo "TEST_SERVICES_DIR=$dir"
}

# Stops whatever of the two is running in DIR and removes DIR; safe to call twice.
stop_test_services() {
  local dir=${1:-${TEST_SERVICES_DIR:-}} pid i
  [ -n "$dir" ] && [ -d "$dir" ] || return 0
  if [ -f "$dir/watchdog.pid" ] && [ "$(cat "$dir/watchdog.pid")" != "$$" ]; then
    kill -- -"$(cat "$dir/watchdog.pid")" 2>/dev/null || true
  fi
  if [ -f "$dir/pg/postmaster.pid" ]; then
    as_postgres "$(postgres_bin_dir)/pg_ctl" -D "$dir/pg" -m immediate -w -s stop >&2 || true
  fi
  if [ -f "$dir/redis.pid" ]; then
    pid=$(cat "$dir/redis.pid")
    kill "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}

# For scripts/run.sh: start, export, and stop on exit (any EXIT trap already set still runs after).
ensure_test_services() {
  local line previous
  local -a lines
  unset TEST_SERVICES_DIR # one inherited from an outer run must not pass for ours below
  mapfile -t lines < <(start_test_services "$$") || true
  for line in "${lines[@]}"; do export "${line?}"; done
  if [ -z "${TEST_SERVICES_DIR:-}" ] || [ ! -d "$TEST_SERVICES_DIR" ]; then
    echo "could not start PostgreSQL and Redis for the tests" >&2
    return 1
  fi
  previous=$(trap -p EXIT)
  if [ -n "$previous" ]; then
    eval "set -- $previous" # trap -- 'command' EXIT
    trap "stop_test_services '$TEST_SERVICES_DIR'; $3" EXIT
  else
    trap "stop_test_services '$TEST_SERVICES_DIR'" EXIT
  fi
  # Ctrl-C or a kill ends the run through exit, so the EXIT trap above still stops the services.
  trap 'exit 130' INT
  trap 'exit 143' TERM
  echo "› PostgreSQL on $TEST_DATABASE_URL, Redis on $TEST_REDIS_URL (stopped when the tests end)"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
    start) start_test_services "${2:-}" ;;
    stop) stop_test_services "${2:?usage: test-services.sh stop DIR}" ;;
    *) echo "usage: scripts/test-services.sh start | stop DIR" >&2; exit 2 ;;
  esac
fi
