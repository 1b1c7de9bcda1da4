#!/usr/bin/env bash
# tests/web/test_firefox.py drives Debian's Firefox ESR (/usr/bin/firefox-esr) over WebDriver BiDi;
# install it when it is missing and we may (root with apt-get).  Otherwise that test skips, and we say so.
set -u
if [ -x /usr/bin/firefox-esr ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "ensure-firefox: installing Debian's firefox-esr for the browser tests" >&2
    if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr fonts-dejavu-core; } \
        >/tmp/tabletop-apt-firefox.log 2>&1 </dev/null; then
        exit 0
    fi
    echo "ensure-firefox: apt-get failed (see /tmp/tabletop-apt-firefox.log)" >&2
fi
echo "ensure-firefox: the Firefox test will be SKIPPED: no /usr/bin/firefox-esr" >&2
exit 0
