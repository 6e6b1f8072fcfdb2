/**
 * The seed's deployment form: a YAML list of plugin entries, one of which is
 *
 *   - id: plan-mode
 *     name: '@deepseek-ai/dsh-plan-mode'
 *     config:
 *       section: |
 *         ...
 *
 * Hosts may use `readPlanModeEntry` to find the plan-mode entry; validating its
 * `config` is the plugin's job, not this helper's.
 */
import { parseDocument, stringify } from 'yaml';

export const PLAN_MODE_ENTRY_ID = 'plan-mode';
export const PLAN_MODE_PACKAGE_NAME = '@deepseek-ai/dsh-plan-mode';

export class DeploymentError extends Error {
  override name = 'DeploymentError';
}

export interface PluginEntry {
  id: string;
  name?: string;
  config?: unknown;
}

/**
 * Parsed deployments by text. A test run starts hundreds of hosts on the same
 * few deployments, and YAML parsing is the costly part of a start; callers get
 * their own copy, so none can change what another reads.
 */
const parsedDeployments = new Map<string, PluginEntry[]>();
const PARSED_DEPLOYMENTS_KEPT = 64;

/** Parses the plugin list; malformed YAML or a malformed entry is a `DeploymentError` naming the problem. */
export function readPluginEntries(yamlText: string): PluginEntry[] {
  let entries = parsedDeployments.get(yamlText);
  if (!entries) {
    entries = parsePluginEntries(yamlText);
    if (parsedDeployments.size >= PARSED_DEPLOYMENTS_KEPT) parsedDeployments.clear();
    parsedDeployments.set(yamlText, entries);
  }
  return structuredClone(entries);
}

function parsePluginEntries(yamlText: string): PluginEntry[] {
  const document = parseDocument(yamlText, { prettyErrors: true });
  if (document.errors.length > 0) {
    const first = document.errors[0]!;
    throw new DeploymentError(`deployment YAML is malformed: ${first.message.split('\n')[0]}`);
  }
  const value: unknown = document.toJS();
  if (!Array.isArray(value)) {
    throw new DeploymentError('deployment YAML must be a list of plugin entries');
  }
  return value.map((entry: unknown, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new DeploymentError(`deployment entry ${index} must be a mapping with an id`);
    }
    const { id } = entry as { id?: unknown };
    if (typeof id !== 'string' || id.length === 0) {
      throw new DeploymentError(`deployment entry ${index} has no string id`);
    }
    return entry as PluginEntry;
  });
}

/** The plan-mode entry of a deployment; its config is returned unvalidated. */
export function readPlanModeEntry(yamlText: string): PluginEntry {
  const entry = readPluginEntries(yamlText).find((candidate) => candidate.id === PLAN_MODE_ENTRY_ID);
  if (!entry) throw new DeploymentError(`deployment has no plugin entry with id '${PLAN_MODE_ENTRY_ID}'`);
  return entry;
}

const writtenDeployments = new Map<string, string>();

/** Writes a deployment with one plan-mode entry holding `config` (used by the kit). */
export function planModeDeployment(config: unknown): string {
  // Only configs of plain strings are kept (keyed by their JSON, which then says all YAML would).
  const plain =
    config !== null &&
    typeof config === 'object' &&
    !Array.isArray(config) &&
    Object.values(config).every((value) => typeof value === 'string');
  if (!plain) return stringify([{ id: PLAN_MODE_ENTRY_ID, name: PLAN_MODE_PACKAGE_NAME, config }]);
  const key = JSON.stringify(config);
  let text = writtenDeployments.get(key);
  if (text === undefined) {
    const values = Object.values(config as Record<string, string>);
    const plainText = values.some((value) => RISKY.test(value))
      ? undefined
      : stringify([{ id: PLAN_MODE_ENTRY_ID, name: PLAN_MODE_PACKAGE_NAME, config }]);
    // The writer folds a long line into a block scalar that does not always read back the same (a line led by a
    // tab is "more indented" and keeps the break the fold added): such a value is written escaped as well.
    text =
      plainText !== undefined && readsBack(plainText, config as Record<string, string>)
        ? plainText
        : escapedDeployment(config as Record<string, string>);
    if (writtenDeployments.size >= PARSED_DEPLOYMENTS_KEPT) writtenDeployments.clear();
    writtenDeployments.set(key, text);
  }
  return text;
}

/** Whether the plan-mode entry of `text` reads back exactly `config`. */
function readsBack(text: string, config: Record<string, string>): boolean {
  const read = parsePluginEntries(text)[0]?.config;
  return JSON.stringify(read) === JSON.stringify(config);
}

/**
 * Characters YAML parsers read differently when written raw: line breaks other than LF (CR, NEL U+0085,
 * U+2028, U+2029: YAML 1.1 parsers such as PyYAML break lines at them, YAML 1.2 ones do not), control and
 * C1 characters, the byte order mark, non-characters, lone surrogates, and a Gherkin doc string's delimiter
 * (a printed scenario holds the deployment in one).
 */
const RISKY = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufff0-\uffff\ud800-\udfff]|"""/u;

/**
 * A YAML double-quoted scalar holding `text` exactly, in printable ASCII: every other character is an
 * escape (`\uXXXX`, `\UXXXXXXXX`), which every YAML 1.1 and 1.2 parser reads back as the same code point.
 */
export function yamlQuoted(text: string): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character === '"' || character === '\\') out += `\\${character}`;
    else if (code >= 0x20 && code <= 0x7e) out += character;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** The deployment with each config value double-quoted and escaped (`yamlQuoted`). */
function escapedDeployment(config: Record<string, string>): string {
  const lines = [`- id: ${PLAN_MODE_ENTRY_ID}`, `  name: ${yamlQuoted(PLAN_MODE_PACKAGE_NAME)}`, '  config:'];
  for (const [key, value] of Object.entries(config)) lines.push(`    ${yamlQuoted(key)}: ${yamlQuoted(value)}`);
  return `${lines.join('\n')}\n`;
}
