#!/usr/bin/env bash
# The README's two commands as a new user meets them: a fresh clone of this repository's HEAD in a
# new folder, with every folder holding xmllint or chromium taken off PATH and CI unset, then
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
PATH=$(printf '%s\n' "${PATH//:/$'\n'}" | while read -r dir; do [ -e "$dir/xmllint" ] || [ -e "$dir/chromium" ] || printf '%s\n' "$dir"; done | paste -sd:)
export PATH
unset CI
echo "fresh clone of $(git log --oneline -1 | cut -c1-60) in $folder"
echo "on PATH: xmllint $(command -v xmllint || echo none), chromium $(command -v chromium || echo none); /usr/bin/chromium $([ -e /usr/bin/chromium ] && echo present || echo absent)"
start=$SECONDS
npm ci --no-audit --no-fund >npm-ci.log 2>&1 || { echo "npm ci failed (exit $?): see $folder/npm-ci.log"; exit 1; }
echo "npm ci (with the build): $((SECONDS - start)) s"
step=$SECONDS
if $unit; then
  node .ci/quietly.mjs unit npx vitest run --project unit --reporter=dot --reporter=./.ci/skipped-tests-reporter.mjs &&
    node .ci/quietly.mjs actionlint npm run --silent lint:workflow
else
  npm test
fi
status=$?
echo "npm test$($unit && echo ' (unit and actionlint steps)'): exit $status after $((SECONDS - step)) s; all: $((SECONDS - start)) s"
exit $status
