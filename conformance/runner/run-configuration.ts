/**
 * Cucumber's run configuration for a kit run, written out rather than
 * loaded: `loadConfiguration` reads command-line syntax and configuration
 * files the kit never uses, and loading that code costs every start about
 * 25 ms. Every field is cucumber's default (its DEFAULT_CONFIGURATION) except
 * those a kit run sets; a unit test compares the two.
 */
import type { IRunConfiguration } from '@cucumber/cucumber/api';

export interface KitRunSettings {
  /** Feature files or globs. */
  paths: string[];
  /** Cucumber tag expression; empty runs everything. */
  tags: string;
  /** `name` or `name:file`, as on cucumber's command line. */
  formats: string[];
  worldParameters: IRunConfiguration['runtime']['worldParameters'];
}

export function runConfigurationOf(settings: KitRunSettings): IRunConfiguration {
  const files: Record<string, string> = {};
  let stdout = 'progress';
  for (const format of settings.formats) {
    const colon = format.indexOf(':');
    // As cucumber does: the last format without a file is the one on stdout.
    if (colon < 0) stdout = format;
    else files[format.slice(colon + 1)] = format.slice(0, colon);
  }
  return {
    sources: {
      paths: settings.paths,
      defaultDialect: 'en',
      names: [],
      tagExpression: settings.tags,
      order: 'defined',
      shard: '',
    },
    support: { requireModules: [], requirePaths: [], importPaths: [], loaders: [] },
    runtime: {
      dryRun: false,
      failFast: false,
      filterStacktraces: true,
      parallel: 0,
      retry: 0,
      retryTagFilter: '',
      strict: true,
      worldParameters: settings.worldParameters,
    },
    formats: { stdout, files, publish: false, options: {} },
    plugins: { specifiers: [], options: {} },
  };
}
