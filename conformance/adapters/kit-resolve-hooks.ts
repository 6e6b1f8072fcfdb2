/**
 * Module resolution hooks (node:module `register`) that let an adapter import
 * `plan-mode-conformance` when its own project does not have the kit
 * installed, e.g. an adapter next to a host's code run by a checkout of the
 * kit. Only a bare `plan-mode-conformance` that Node cannot resolve is
 * redirected, to the running kit's own public entry point; an installed copy
 * always wins.
 */
interface ResolveContext {
  parentURL?: string;
  conditions: string[];
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string; shortCircuit?: boolean }>;

let kitEntryUrl: string | undefined;

export function initialize(data: { kitEntryUrl: string }): void {
  kitEntryUrl = data.kitEntryUrl;
}

export async function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: NextResolve,
): Promise<{ url: string; shortCircuit?: boolean }> {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const notFound = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    if (notFound && specifier === 'plan-mode-conformance' && kitEntryUrl)
      return { url: kitEntryUrl, shortCircuit: true };
    throw error;
  }
}
