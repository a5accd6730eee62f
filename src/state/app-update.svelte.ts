// A new build of allot while a tab is open: the tab keeps working on its build and says that a new
// version is ready (reload when convenient), and a file of its build that cannot be loaded any more
// (the server has only the new build's files) shows a reload prompt instead of a blank page.
import { activateWaitingBuild, registerServiceWorker } from '../workers/register-service-worker.ts';

/** What the browser says when a lazy chunk of the page's build is gone. */
const CHUNK_GONE = new RegExp(
  'dynamically imported module|Importing a module script failed|error loading dynamically imported module|' +
    'Failed to load module script',
  'i',
);

/** Whether `error` is a lazy chunk of this page's build that failed to load. */
export function isChunkError(error: unknown): boolean {
  return error instanceof Error && CHUNK_GONE.test(error.message);
}

export class AppUpdate {
  /** A new build is installed and waits for the user's reload. */
  newVersion = $state(false);
  /** A file of this page's build could not be loaded: only a reload helps. */
  filesGone = $state(false);
  private registration: ServiceWorkerRegistration | null = null;

  /** Registers the service worker and listens for chunks that fail to load. */
  start(): () => void {
    void registerServiceWorker({ onWaiting: () => (this.newVersion = true) }).then((r) => (this.registration = r));
    // Vite's signal that a chunk's preload failed (the import then rejects, and the screen says so).
    const onPreloadError = () => void (this.filesGone = true);
    const onRejection = (event: PromiseRejectionEvent) => this.noteFailure(event.reason);
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }

  /** Notes a failed import: when a chunk of this build is gone, the reload prompt shows. */
  noteFailure(error: unknown): void {
    if (isChunkError(error)) this.filesGone = true;
  }

  reload(): void {
    if (this.filesGone) location.reload();
    else activateWaitingBuild(this.registration);
  }
}
