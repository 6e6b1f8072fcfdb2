/**
 * Stands in for cucumber's `runtime/scope` inside the suite's bundle (see
 * build/bundle.mjs). Cucumber runs every step inside an AsyncLocalStorage
 * only to serve its `world` and `context` proxies, which the kit's steps do
 * not use (they use `this`) and the bundle does not export. An
 * AsyncLocalStorage in use turns on Node's promise hooks, a cost on every
 * promise the kit, the adapter and the host create; here the steps run as
 * they are, and the proxies say why they are empty.
 */
export async function runInTestCaseScope<T>(_store: unknown, callback: () => T | Promise<T>): Promise<T> {
  return callback();
}

export async function runInTestRunScope<T>(_store: unknown, callback: () => T | Promise<T>): Promise<T> {
  return callback();
}

function unavailable(name: string): object {
  return new Proxy(
    {},
    {
      get() {
        throw new Error(`cucumber's \`${name}\` proxy is not available in the kit's suite process: use \`this\``);
      },
    },
  );
}

export const worldProxy = unavailable('world');
export const contextProxy = unavailable('context');
