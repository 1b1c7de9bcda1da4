#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium) with Playwright; install it
# when it is missing and we may (root with apt-get).  Otherwise those tests skip, and we say so.
set -u
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "ensure-chromium: installing Debian's chromium for the browser tests" >&2
    if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core; } \
        >/tmp/tabletop-apt-chromium.log 2>&1 </dev/null; then
        exit 0
    fi
    echo "ensure-chromium: apt-get failed (see /tmp/tabletop-apt-chromium.log)" >&2
fi
echo "ensure-chromium: browser tests will be SKIPPED: no /usr/bin/chromium" >&2
exit 0
