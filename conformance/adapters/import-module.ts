/**
 * `import()` of an adapter module by its URL, as one function of its own. In
 * the suite's bundle this module is dynamic-import.cjs beside it, which Node
 * compiles itself: code read back from the child's code cache
 * (runner/compile-cache.ts) cannot call `import()` on Node 20.
 */
export function importModule(url: string): Promise<unknown> {
  return import(url);
}
