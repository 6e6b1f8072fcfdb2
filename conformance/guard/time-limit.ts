import { AdapterError } from './adapter-error.js';

/**
 * Awaits an adapter call for at most `limitMs`. A call that throws is reported
 * with the method named; one that never settles is reported as not answering.
 */
export async function withinLimit<T>(method: string, limitMs: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AdapterError(method, `did not answer within ${limitMs} ms`)),
      limitMs,
    );
  });
  try {
    return await Promise.race([invoke(method, call), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function invoke<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AdapterError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new AdapterError(method, `threw: ${message}`);
  }
}
