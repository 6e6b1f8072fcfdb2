/**
 * Any YAML library reads the deployment as the kit means it: every deployment
 * the kit sends (each scenario's, written out or built from a section, and
 * each configuration the exploration draws) ends with a line break and reads
 * to the same value with the kit's `yaml`, with js-yaml (an independent
 * implementation) and, where the system's Python has it, with PyYAML (the
 * library that found a deployment without a final line break read differently).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import jsYaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import fc from 'fast-check';
import { deploymentOf, EVERY_CONFIGURATION, generatedSections } from '../../../conformance/explore/configuration.js';
import { parseFeatures } from '../../../conformance/features/feature-files.js';
import { deploymentFromDocString } from '../../../conformance/world/deployment-text.js';
import { DEFAULT_SECTION } from '../../../conformance/world/default-section.js';
import { planModeDeployment } from '../../../src/index.js';

/** Sections the exploration draws from the whole domain (U+2028, U+0085, lone CRs, U+FEFF, `"""` and all). */
const GENERATED = [
  ...fc.sample(generatedSections, { numRuns: 300, seed: 30 }),
  'a\u2028b\u2029c\u0085d\re\r\nf\ufeffg"""h\\i\u0001j\u007fk\u{1f469}\u200d\u{1f4bb}  ',
];

interface Sent {
  where: string;
  text: string;
}

const sectionStep = new CucumberExpression('the plan-mode section is {string}', new ParameterTypeRegistry());

async function everyDeploymentSent(): Promise<Sent[]> {
  const sent: Sent[] = [{ where: 'the default deployment', text: planModeDeployment({ section: DEFAULT_SECTION }) }];
  for (const feature of await parseFeatures()) {
    for (const pickle of feature.pickles) {
      for (const step of pickle.steps) {
        const where = `${feature.uri}: ${pickle.name}`;
        if (step.text === 'the deployment is:' && step.argument?.docString) {
          sent.push({ where, text: deploymentFromDocString(step.argument.docString.content) });
        }
        const section = sectionStep.match(step.text)?.[0]?.getValue(null);
        if (typeof section === 'string') sent.push({ where, text: planModeDeployment({ section }) });
      }
    }
  }
  for (const [index, configuration] of EVERY_CONFIGURATION.entries()) {
    sent.push({ where: `exploration configuration ${index}`, text: deploymentOf(configuration) });
  }
  for (const [index, section] of GENERATED.entries())
    sent.push({ where: `generated section ${index}`, text: deploymentOf({ kind: 'valid', section }) });
  return sent;
}

type Reading = { value: unknown } | { error: true };

function readWith(read: (text: string) => unknown, text: string): Reading {
  try {
    return { value: read(text) };
  } catch {
    return { error: true };
  }
}

/** PyYAML's readings, in one process; undefined when the system's Python has no PyYAML. */
function pyYamlReadings(texts: string[]): Reading[] | undefined {
  const python = '/usr/bin/python3';
  const script = [
    'import json, sys',
    'try:\n  import yaml\nexcept ImportError:\n  print("null"); sys.exit(0)',
    'out = []',
    'for text in json.load(sys.stdin):\n  try:\n    out.append({"value": yaml.safe_load(text)})\n  except yaml.YAMLError:\n    out.append({"error": True})',
    'print(json.dumps(out))',
  ].join('\n');
  if (!existsSync(python)) return undefined;
  const output = execFileSync(python, ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' });
  return (JSON.parse(output) as Reading[] | null) ?? undefined;
}

describe('the deployment YAML the kit sends', async () => {
  const sent = await everyDeploymentSent();

  it('covers the scenarios and the exploration', () => {
    expect(sent.filter((one) => one.where.includes('.feature')).length).toBeGreaterThan(20);
    expect(sent.filter((one) => one.where.startsWith('exploration')).length).toBe(EVERY_CONFIGURATION.length);
  });

  it('reads every generated section back exactly, byte for byte', () => {
    const changed = GENERATED.filter((section) => {
      const value = parse(deploymentOf({ kind: 'valid', section })) as [{ config: { section: string } }];
      return value[0].config.section !== section;
    });
    expect(changed.map((section) => JSON.stringify(section))).toEqual([]);
    expect(GENERATED.some((section) => /[\u2028\u0085]/.test(section))).toBe(true);
  });

  it('writes escaped a section the writer would fold into a block that reads back otherwise (a line led by a tab)', () => {
    // Drawn at seed 24 (session 78): yaml folds it as `>-`, and the tab-led first line keeps the break the fold added.
    const section =
      '\t\u2002When the user prompts\u2126\u00e7\u2002\u3000Plan-mode section (explore): plan before you act.\t\u2000\u30c6\u30b9\u30c8\u{10d08}\u{1d981}\u{2f8d8}\u{1cf84}\n\u2007\u2003';
    const text = planModeDeployment({ section });
    expect((parse(text) as [{ config: { section: string } }])[0].config.section).toBe(section);
    expect((jsYaml.load(text) as [{ config: { section: string } }])[0].config.section).toBe(section);
  });

  it('ends every deployment with a line break', () => {
    expect(sent.filter((one) => !one.text.endsWith('\n')).map((one) => one.where)).toEqual([]);
  });

  it('reads to the same value with yaml and js-yaml', () => {
    const disagreements = sent.flatMap((one) => {
      const kit = readWith(parse, one.text);
      const second = readWith((text) => jsYaml.load(text), one.text);
      return JSON.stringify(kit) === JSON.stringify(second)
        ? []
        : [`${one.where}: yaml ${JSON.stringify(kit)}, js-yaml ${JSON.stringify(second)}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('reads to the same value with PyYAML (the system Python; required in CI)', (context) => {
    const readings = pyYamlReadings(sent.map((one) => one.text));
    if (readings === undefined) {
      if (process.env.CI) throw new Error('PyYAML is missing for /usr/bin/python3: apt-get install python3-yaml');
      context.skip();
      return;
    }
    const disagreements = sent.flatMap((one, index) => {
      const kit = readWith(parse, one.text);
      return JSON.stringify(kit) === JSON.stringify(readings[index])
        ? []
        : [`${one.where}: yaml ${JSON.stringify(kit)}, PyYAML ${JSON.stringify(readings[index])}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('a doc string without a final line break is sent with one, which PyYAML would otherwise drop from a `|` block', () => {
    expect(deploymentFromDocString('- id: plan-mode\n  config:\n    section: |\n      a')).toBe(
      '- id: plan-mode\n  config:\n    section: |\n      a\n',
    );
    expect(deploymentFromDocString('x: 1\n')).toBe('x: 1\n');
  });
});
