#!/usr/bin/env bash
# The README's two commands as a new user meets them: a fresh clone of this repository's HEAD in a
# new folder, with xmllint and chromium hidden (off PATH, and the browser test's chromium path naming none)
# and CI unset, then
# `npm ci` and `npm test` (or, with --unit, the build and npm test's unit and actionlint steps only).
# Prints what it hid, each step's time, and npm test's own lines (what passed, what was skipped and why).
# Usage: .ci/fresh-clone.sh [--unit] [FOLDER]   (FOLDER: where to clone; a new temporary one by default)
set -uo pipefail
unit=false
if [ "${1:-}" = --unit ]; then unit=true; shift; fi
source_repo=$(cd "$(dirname "$0")/.." && pwd)
folder=${1:-$(mktemp -d "${TMPDIR:-/tmp}/plan-mode-conformance-fresh-XXXXXX")}
git clone --quiet "$source_repo" "$folder" || exit 2
cd "$folder" || exit 2
# A folder on PATH holding xmllint or chromium is replaced by a folder of links to everything else in it
# (on Debian that folder is /usr/bin, which also holds node and npm, so it cannot simply be dropped).
shadows=$(mktemp -d "${TMPDIR:-/tmp}/plan-mode-conformance-path-XXXXXX")
trap 'rm -rf "$shadows"' EXIT
PATH=$(printf '%s\n' "${PATH//:/$'\n'}" | while read -r dir; do
  if [ -e "$dir/xmllint" ] || [ -e "$dir/chromium" ]; then
    shadow=$(mktemp -d "$shadows/dir-XXXXXX")
    for entry in "$dir"/*; do
      case ${entry##*/} in xmllint | chromium | chromium-browser) ;; *) ln -s "$entry" "$shadow/" ;; esac
    done
    printf '%s\n' "$shadow"
  else
    printf '%s\n' "$dir"
  fi
done | paste -sd:)
export PATH
# The browser test drives the chromium at an absolute path (/usr/bin/chromium unless this names another).
export PLAN_MODE_CONFORMANCE_CHROMIUM="$shadows/no-chromium"
unset CI
echo "fresh clone of $(git log --oneline -1 | cut -c1-60) in $folder"
echo "on PATH: xmllint $(command -v xmllint || echo none), chromium $(command -v chromium || echo none); the browser test's chromium: $PLAN_MODE_CONFORMANCE_CHROMIUM ($([ -e "$PLAN_MODE_CONFORMANCE_CHROMIUM" ] && echo present || echo absent))"
start=$SECONDS
npm ci --no-audit --no-fund >npm-ci.log 2>&1 || { echo "npm ci failed (exit $?): see $folder/npm-ci.log"; exit 1; }
echo "npm ci (with the build): $((SECONDS - start)) s"
step=$SECONDS
if $unit; then
  node .ci/checks.mjs --step unit --step actionlint
else
  npm test
fi
status=$?
echo "npm test$($unit && echo ' (unit and actionlint steps)'): exit $status after $((SECONDS - step)) s; all: $((SECONDS - start)) s"
exit $status
