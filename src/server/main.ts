import { relaunchedWithMallocTunables, stopWhenLauncherGoes } from './malloc-tunables.ts';

// The server loads only in the process that serves: a launcher (malloc-tunables.ts) stays small.
if (!relaunchedWithMallocTunables()) {
  stopWhenLauncherGoes();
  await import('./serve.ts');
}
