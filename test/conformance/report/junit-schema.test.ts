/**
 * The JUnit report passes the schema of its strictest common consumer (the
 * Jenkins xUnit plugin's junit-10 structure, docs/junit-report.xsd), checked
 * with libxml2's xmllint as CI would, compiled to WebAssembly (the npm package
 * xmllint-wasm), so a fresh machine needs nothing outside npm: passed, failed,
 * skipped, baselined and flaky test cases alike. Each test case says where it is written (file, line) and
 * carries its clauses and level where consumers read them. The runs call the
 * CLI's `main` in this process (each forks its suite child, as the built CLI does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from '../cli-harness.js';
import { fixtureMain as fixtureRun } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { writeReasons } from '../baseline-reasons.js';

const SCHEMA = join(ROOT, 'docs', 'junit-report.xsd');

/** xmllint --noout --schema SCHEMA FILE, as the WebAssembly build runs it: whether it validates, and what it said. */
async function validate(file: string): Promise<{ ok: boolean; output: string }> {
  const result = await validateXML({
    xml: [{ fileName: basename(file), contents: readFileSync(file, 'utf8') }],
    schema: [{ fileName: 'junit-report.xsd', contents: readFileSync(SCHEMA, 'utf8') }],
  });
  return { ok: result.valid, output: result.rawOutput };
}

describe('the JUnit report against the xUnit plugin schema', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await temporaryFolder('pmc-junit-schema-');
  });

  it('validates for failed, skipped, baselined and flaky runs', async () => {
    // The failing run also proposes the baseline the baselined run reads (one run, not two).
    const failing = join(dir, 'failing.xml');
    const baselineFile = join(dir, 'baseline.yaml');
    expect(
      (await fixtureRun('get-throws.js', ['--format', `junit:${failing}`, '--write-baseline', baselineFile])).status,
    ).toBe(1);
    writeReasons(baselineFile);
    const baselined = join(dir, 'baselined.xml');
    expect(
      (await fixtureRun('get-throws.js', ['--baseline', baselineFile, '--format', `junit:${baselined}`])).status,
    ).toBe(0);
    const skipped = join(dir, 'skipped.xml');
    expect((await fixtureRun('without-fork.js', ['--format', `junit:${skipped}`])).status).toBe(0);
    const flaky = join(dir, 'flaky.xml');
    await fixtureRun('get-flaky.js', ['--repeat', '3', '--format', `junit:${flaky}`]);
    for (const file of [failing, baselined, skipped, flaky]) {
      const result = await validate(file);
      expect(result.ok, result.output).toBe(true);
    }
    const report = readFileSync(failing, 'utf8');
    expect(report).not.toMatch(/<testsuites [^>]*skipped=/);
    expect(report).not.toMatch(/<testcase[^>]*>\s*<properties>/);
    // Every test case says where it is written; the failing one points at its failing step.
    const cases = [...report.matchAll(/<testcase [^>]*>/g)].map((match) => match[0]);
    expect(cases.length).toBe(3);
    for (const one of cases) expect(one).toMatch(/ file="test\/fixtures\/features\/[\w-]+\.feature" line="\d+"/);
    // Clauses and level: in each test case's output, and in a failure's text with the statement.
    expect(report).toMatch(
      /<system-out>clause SET-01 \(required, MUST\): [^\n]+ \[clauses\/SET-01\.html\]\nlevel: required<\/system-out>/,
    );
    expect(report).toMatch(
      /<failure message="[^"]*" type="adapter-error">clause SET-01 \(required, MUST\): [^\n]+\nstep: get reports plan mode on with nothing pending \(test\/fixtures\/features\/[\w-]+\.feature:\d+\)\n(AdapterError: )?adapter method getPlanMode: threw/,
    );
    expect(readFileSync(baselined, 'utf8')).toMatch(
      /<property name="conformance" value="conformance: 2 passed, 0 failed, 0 skipped \(partial: 1 required clause\(s\) unproven\)"\/>/,
    );
  });

  it('has teeth: the structures the xUnit plugin refuses fail it', async () => {
    const report = readFileSync(join(dir, 'failing.xml'), 'utf8');
    const broken = {
      'properties in a test case': report.replace(
        /(<testcase [^>]*>)/,
        '$1<properties><property name="clauses" value="SET-01"/></properties>',
      ),
      'skipped on testsuites': report.replace('<testsuites ', '<testsuites skipped="0" '),
      'an unknown attribute on a test case': report.replace('<testcase ', '<testcase clause="SET-01" '),
      'a line that is no number': report.replace(/ line="\d+"/, ' line="unknown"'),
    };
    for (const [what, text] of Object.entries(broken)) {
      expect(text, what).not.toBe(report);
      const file = join(dir, `${what.replace(/ /g, '-')}.xml`);
      writeFileSync(file, text);
      const result = await validate(file);
      expect(result.ok, what).toBe(false);
      expect(result.output, what).toMatch(/fails to validate|Schemas validity error/);
    }
  });
});
