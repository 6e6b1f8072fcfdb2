/**
 * The deployment text the kit sends when a scenario writes one out. A Gherkin
 * doc string has no final line break, and YAML reads a block scalar that ends
 * the stream without one differently from parser to parser (the spec keeps no
 * final line break there: PyYAML gives `|` without its `\n`, the JavaScript
 * parsers with it). With the line break every conforming parser reads the same
 * value, so the kit always sends one (test/conformance/world/deployment-yaml.test.ts
 * checks each deployment the kit sends against a second YAML implementation).
 */
export function deploymentFromDocString(yamlText: string): string {
  return yamlText.endsWith('\n') ? yamlText : `${yamlText}\n`;
}
