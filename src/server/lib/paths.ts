// Where the project's files are at run time, both from src/ (tsx, tests) and from dist/node/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`package.json not found above ${start}`);
    dir = up;
  }
  return dir;
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = join(projectRoot, 'src/server/db/migrations');
export const webDistFolder = join(projectRoot, 'dist/web');
