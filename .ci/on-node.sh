#!/usr/bin/env bash
# Run by .ci/run under another Node (`npx -y -p node@22 -c .ci/on-node.sh`): the build, the unit
# tests that depend on the Node running them (child processes, stdio hosts, the code cache, reports,
# the reference and its model-based check: 181 tests, about a minute of CPU on Node 24; the whole unit
# suite runs once, in npm test on Node 20), the suite against the reference in both editions, and
# the code cache of the bundles on this Node.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node --version)
echo "ci: on Node $version"
npm run --silent build
node .ci/quietly.mjs "unit ($version)" vitest run --reporter=dot --reporter=./.ci/skipped-tests-reporter.mjs \
  test/conformance/runner/compile-cache.test.ts test/conformance/runner/start-up.test.ts test/conformance/runner/process-isolation.test.ts \
  test/conformance/transport/exec-adapter.test.ts test/conformance/guard/fail-closed.test.ts \
  test/conformance/report/reports.test.ts test/conformance/cli/arguments.test.ts test/conformance/cli/verbs/init.test.ts \
  test/conformance/oracle/model-based.test.ts test/reference test/conformance/docs/docs-site.test.ts
node .ci/quietly.mjs "reference ($version)" node dist/bundled/cli.js --level strict
node .ci/quietly.mjs "reference-seed ($version)" node dist/bundled/cli.js --level strict --edition seed
node .ci/quietly.mjs "compile cache ($version)" node .ci/compile-cache-check.mjs
