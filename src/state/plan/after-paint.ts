// When the list just shown is on screen: after the next frame is painted (a task after its animation frame), so
// that what follows a list (its count's draws, the save) starts once she sees it rather than competing with its
// first frame for the machine's cores. A hidden page paints no frames: at most `wait` ms then.
export function afterPaint(wait = 200): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve();
    const timer = setTimeout(resolve, wait);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
