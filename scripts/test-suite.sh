#!/usr/bin/env bash
# The suite in two streams side by side, for a machine with few cores: `scripts/test-suite.sh
# PYTEST [ARGS...]`. The browser tests (marked `browser` by tests/conftest.py) mostly wait for
# pages, servers and bots, so they run on two workers of their own, a module per worker (its live
# server and browser start once), while two other workers run every other test. The other tests'
# output comes as they run, the browser tests' after; the exit status is the worse of the two.
set -u
log=$(mktemp /tmp/tabletop-browser-tests.XXXXXX)
"$@" -n 2 --dist loadfile -m browser >"$log" 2>&1 &
browsers=$!
"$@" -n 2 -m "not browser"
others=$?
wait "$browsers"
browser_status=$?
echo "== the browser tests =="
cat "$log"
rm -f "$log"
# pytest's exit 5 (nothing collected: a run of a folder without browser tests) is no failure
[ "$browser_status" = 5 ] && browser_status=0
[ "$others" = 5 ] && others=0
exit $(( others > browser_status ? others : browser_status ))
