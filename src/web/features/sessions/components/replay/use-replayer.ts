import '@rrweb/replay/dist/style.css';
import { Replayer } from '@rrweb/replay';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionRecording } from '../../lib/replay-types.ts';
import { type RecordedFrame, loadRecording } from '../../lib/load-recording.ts';
import { type ReplayClock, offsetOfServerTime } from '../../lib/replay-clock.ts';

type ReplayerEvents = ConstructorParameters<typeof Replayer>[0];

export interface ReplayerState {
  mountRef: React.RefObject<HTMLDivElement | null>;
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  clock: ReplayClock | null;
  total: number;
  offset: number;
  playing: boolean;
  frames: RecordedFrame[];
  play: () => void;
  pause: () => void;
  seek: (offset: number) => void;
  setSpeed: (speed: number) => void;
  setSkipInactive: (skip: boolean) => void;
}

/** Fits the replayed page, drawn at the visitor's size, to the width of the frame around it. */
function fitToMount(replayer: Replayer, mount: HTMLDivElement, size: { width: number; height: number }): void {
  const scale = Math.min(1, mount.clientWidth / Math.max(1, size.width));
  replayer.wrapper.style.transform = `scale(${scale})`;
  replayer.wrapper.style.transformOrigin = 'top left';
  mount.style.height = `${Math.ceil(size.height * scale)}px`;
}

/** Milliseconds from the first frame to the last (frames in order of time). */
function spanOf(frames: readonly RecordedFrame[]): number {
  return frames.length < 2
    ? 0
    : (frames[frames.length - 1] as RecordedFrame).timestamp - (frames[0] as RecordedFrame).timestamp;
}

/**
 * rrweb's Replayer over a recording: shows the first frame as soon as the first chunk is in, adds the
 * rest as it arrives, and reports the playhead. The replayed page runs in rrweb's sandboxed iframe
 * (no scripts), inside `mountRef`.
 */
export function useReplayer(recording: SessionRecording, startAtServerTime: number | null): ReplayerState {
  const mountRef = useRef<HTMLDivElement | null>(null);
  const replayerRef = useRef<Replayer | null>(null);
  const [status, setStatus] = useState<ReplayerState['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [clock, setClock] = useState<ReplayClock | null>(null);
  const [total, setTotal] = useState(0);
  const [offset, setOffset] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [frames, setFrames] = useState<RecordedFrame[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    const mount = mountRef.current;
    let replayer: Replayer | null = null;
    let shown = 0;
    const create = (events: RecordedFrame[]) => {
      if (replayer || !mount || events.length < 2) return;
      const sorted = [...events].sort((a, b) => a.timestamp - b.timestamp);
      replayer = new Replayer(sorted as ReplayerEvents, {
        root: mount,
        skipInactive: true,
        showWarning: false,
        mouseTail: false,
      });
      replayerRef.current = replayer;
      // The replayed page's links and fields are a picture of the visitor's page: not stops in the
      // dashboard's tab order (a negative tabindex keeps the frame and what it holds out of it).
      replayer.iframe.tabIndex = -1;
      shown = sorted.length;
      const firstFrameAt = sorted[0]?.timestamp ?? 0;
      setClock({ firstFrameAt, clockOffsetMs: recording.clock_offset_ms });
      replayer.on(
        'resize',
        (size) => replayer && fitToMount(replayer, mount, size as { width: number; height: number }),
      );
      replayer.on('finish', () => setPlaying(false));
      replayer.pause(0);
      setFrames(sorted);
      setTotal(replayer.getMetaData().totalTime);
      setStatus('ready');
    };
    loadRecording(recording, create, abort.signal)
      .then((all) => {
        if (!replayer) create(all);
        else if (all.length > shown) {
          // The first chunk's frames come first in time (chunks are numbered in order), so the rest follow them.
          for (const frame of all.slice(shown)) replayer.addEvent(frame as Exclude<ReplayerEvents[number], string>);
        }
        setFrames(all);
        if (replayer) {
          // Replayer.addEvent hands each frame over on a later microtask: its metadata does not count the
          // frames just added yet, so the length is the frames' own span.
          setTotal(spanOf(all));
          const firstFrameAt = all[0]?.timestamp ?? 0;
          const start =
            startAtServerTime === null
              ? 0
              : offsetOfServerTime({ firstFrameAt, clockOffsetMs: recording.clock_offset_ms }, startAtServerTime);
          replayer.pause(start);
          setOffset(start);
        }
      })
      .catch((reason: unknown) => {
        if (abort.signal.aborted) return;
        setError(reason);
        setStatus('error');
      });
    const timer = window.setInterval(() => {
      if (replayerRef.current) setOffset(replayerRef.current.getCurrentTime());
    }, 200);
    return () => {
      abort.abort();
      window.clearInterval(timer);
      replayer?.destroy();
      replayerRef.current = null;
    };
    // The recording's identity is its session and chunk list; a refetch with the same chunks changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording.session_id, recording.chunks.length]);

  const play = useCallback(() => {
    const replayer = replayerRef.current;
    if (!replayer) return;
    const at = replayer.getCurrentTime();
    replayer.play(at >= replayer.getMetaData().totalTime ? 0 : at);
    setPlaying(true);
  }, []);
  const pause = useCallback(() => {
    replayerRef.current?.pause();
    setPlaying(false);
  }, []);
  const seek = useCallback(
    (target: number) => {
      const replayer = replayerRef.current;
      if (!replayer) return;
      // An event after the recording stopped (a page that was not recorded) shows the recording's end.
      const to = Math.max(0, Math.min(target, replayer.getMetaData().totalTime));
      if (playing) replayer.play(to);
      else replayer.pause(to);
      setOffset(to);
    },
    [playing],
  );
  const setSpeed = useCallback((speed: number) => replayerRef.current?.setConfig({ speed }), []);
  const setSkipInactive = useCallback((skip: boolean) => replayerRef.current?.setConfig({ skipInactive: skip }), []);

  return {
    mountRef,
    status,
    error,
    clock,
    total,
    offset,
    playing,
    frames,
    play,
    pause,
    seek,
    setSpeed,
    setSkipInactive,
  };
}
