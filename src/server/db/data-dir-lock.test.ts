import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './data-dir-lock.js';

describe('data folder lock', () => {
  it('refuses a folder another running process holds, naming that process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkful-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, '.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock left by a process that has exited, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkful-lock-'));
    writeFileSync(join(dir, '.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    release();
    const again = acquireDataDirLock(dir);
    again();
  });
});
