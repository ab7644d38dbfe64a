/** The repository's runtime source, as the house-rule tests read it. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/** The folders that hold runtime code. */
export const RUNTIME = ['core', 'actors', 'transports', 'bin'];

/** Every `.ts` source file (not `.d.ts`) under `dir`, at any depth. */
export function tsFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) tsFiles(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Every runtime source file. */
export const runtimeFiles = (): string[] => RUNTIME.flatMap((dir) => tsFiles(join(root, dir)));
