import { KIND } from './contract.ts';
import { clickTarget, elementText, selectorPath } from './element.ts';
import { RAGE_WINDOW_MS, type ClickStreak, createRageDetector } from './rage-clicks.ts';
import type { Recorder } from './recorder.ts';
import { guard } from './safe.ts';

/** Records clicks, double clicks and rage clicks; returns the function that ends a pending streak. */
export function captureClicks(doc: Document, recorder: Recorder): () => void {
  const rage = createRageDetector<Element>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const report = (streak: ClickStreak<Element> | null) => {
    if (!streak) return;
    const target = streak.first.target;
    recorder.record(KIND.rageClick, {
      selector: selectorPath(target),
      text: elementText(target),
      click_count: streak.count,
    });
  };
  const endStreak = guard(() => {
    clearTimeout(timer);
    report(rage.end());
  });

  doc.addEventListener(
    'click',
    guard((event: MouseEvent) => {
      const target = clickTarget(event.target);
      if (!target) return;
      const click = { time: Date.now(), selector: selectorPath(target), text: elementText(target), reported: false };
      recorder.lastClick = click;
      recorder.record(KIND.click, { selector: click.selector, text: click.text });
      report(rage.push({ time: click.time, x: event.clientX, y: event.clientY, target }));
      clearTimeout(timer);
      timer = setTimeout(endStreak, RAGE_WINDOW_MS + 50);
    }),
    true,
  );

  doc.addEventListener(
    'dblclick',
    guard((event: MouseEvent) => {
      const target = clickTarget(event.target);
      if (target) recorder.record(KIND.doubleClick, { selector: selectorPath(target), text: elementText(target) });
    }),
    true,
  );

  return endStreak;
}
