#!/usr/bin/env bash
# The suite in two parts: `scripts/test-suite.sh PYTEST [ARGS...]`. First every test but the
# browser tests, on two workers; then the browser tests (marked `browser` by tests/conftest.py) on
# two workers, a module per worker (its live server and browser start once). Side by side they
# gained nothing: Chromium alone keeps both cores busy (and raises its own priority), and its pages
# then drew so slowly that waits timed out. Both parts always run; the exit status is the worse.
set -u
"$@" -n 2 -m "not browser"
others=$?
"$@" -n 2 --dist loadfile -m browser
browsers=$?
# pytest's exit 5 (nothing collected: a folder without browser tests) is no failure
[ "$browsers" = 5 ] && browsers=0
[ "$others" = 5 ] && others=0
exit $(( others > browsers ? others : browsers ))
