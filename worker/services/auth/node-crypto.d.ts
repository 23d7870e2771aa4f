// workerd implements node:crypto under the nodejs_compat flag, but the Worker is type-checked
// against @cloudflare/workers-types only (no @types/node). This declares the one function the
// password hasher uses, with the signature Node documents.
declare module "node:crypto" {
  export interface ScryptOptions {
    N: number;
    r: number;
    p: number;
    maxmem?: number;
  }
  export function scrypt(
    password: Uint8Array | string,
    salt: Uint8Array | string,
    keylen: number,
    options: ScryptOptions,
    callback: (err: Error | null, derivedKey: Uint8Array) => void,
  ): void;
}
