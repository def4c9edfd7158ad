import { benchReplayIngest } from './replay-ingest.ts';
import { benchReplayOpen } from './replay-open.ts';
import { benchRecorder } from './replay-recorder.ts';

/** Every replay measurement in turn (or those named in `only`), each line a figure with its target; a part that fails says so and the rest run. */
export async function benchReplay(
  url: string,
  childEnv: Record<string, string>,
  options: { durationSeconds: number; recorderSeconds: number; only?: string[] },
): Promise<string[]> {
  const all: [string, () => Promise<string[]>][] = [
    ['recorder', () => benchRecorder(url, childEnv, options.recorderSeconds)],
    ['open', () => benchReplayOpen(url, childEnv)],
    ['ingestion', () => benchReplayIngest(url, childEnv, options.durationSeconds)],
  ];
  const parts = options.only?.length ? all.filter(([name]) => options.only?.includes(name)) : all;
  const lines: string[] = [];
  for (const [name, run] of parts) {
    try {
      lines.push(...(await run()));
    } catch (error) {
      lines.push(`${name} bench failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return lines;
}
