#!/usr/bin/env bash
# Run by .ci/run under another Node (`npx -y -p node@22 -c .ci/on-node.sh`), beside npm test -- --with-matrices,
# which runs every test once on Node 20 (npm ci built dist/ there): only what depends on the
# Node running it. Not rebuilt: tsc and esbuild write the same JavaScript whichever Node runs them,
# and the published package ships dist/ built once. The unit test files kept, and why each:
#   compile-cache        the V8 code cache is per Node version (and `import()` from cached code differs)
#   start-up             native RegExp match indices (V8) standing in for a package, and cucumber's loading
#   process-isolation    child processes, IPC, signals and timers: how a run survives a faulty adapter
#   exec-adapter         stdio pipes, process groups and kills of host processes
#   fail-closed          unhandled rejections and timers of an in-process adapter
#   arguments            node:util's parseArgs, whose behaviour has moved between Node versions
#   init                 the generated adapter skeleton loaded by this Node's ESM loader
#   reference/code-mode  the reference's code mode runs programs in node:vm and worker threads
#   reference/store      the reference's store: fs renames, appends and reads
# Then the suite against the reference at the strict level in both editions (the whole kit on this
# Node), and the code cache of the bundles on this Node. .ci/matrices.mjs runs this for Node 22 and
# 24 at once, beside its other steps: vitest keeps no results cache (two vitest processes would
# write the one file), and the code cache check touches only this Node's files.
# The exploration on this Node: its machinery (the process forked beside the scenarios, fast-check,
# the oracle) is the same JavaScript in every edition, so the rc.8 run explores and the seed run does
# not (--explore off: about 6 of its 9.5 s of CPU). EXPLORED_ON_THIS_NODE=elsewhere (.ci/matrices.mjs
# sets it for the Node dsh runs on, whose three default runs it waits for: the whole kit, exploration
# included, in three editions on that Node) turns the rc.8 run's exploration off too.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node --version)
echo "ci: on Node $version"
rc8_explores=()
if [ "${EXPLORED_ON_THIS_NODE:-}" = elsewhere ]; then rc8_explores=(--explore off); fi
node .ci/quietly.mjs "unit ($version)" vitest run --no-cache --reporter=dot --reporter=./.ci/skipped-tests-reporter.mjs \
  test/conformance/runner/compile-cache.test.ts test/conformance/runner/start-up.test.ts \
  test/conformance/runner/optimising-tier.test.ts \
  test/conformance/runner/process-isolation.test.ts test/conformance/transport/exec-adapter.test.ts \
  test/conformance/guard/fail-closed.test.ts test/conformance/cli/arguments.test.ts \
  test/conformance/cli/verbs/init.test.ts test/reference/code-mode.test.ts test/reference/store.test.ts
node .ci/quietly.mjs "reference ($version)" node dist/bundled/cli.js --level strict "${rc8_explores[@]}"
node .ci/quietly.mjs "reference-seed ($version)" node dist/bundled/cli.js --level strict --edition seed --explore off
node .ci/quietly.mjs "compile cache ($version)" node .ci/compile-cache-check.mjs
